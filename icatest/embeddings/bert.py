"""A BERT sentence encoder in numpy: the forward pass of a sentence-transformers BERT folder
(MiniLM) without torch.

torch and sentence-transformers cost a campaign process about 470 MB before the first sentence;
this encoder maps the folder's `model.safetensors` read-only (the weights a forward pass touches,
about 45 MB for MiniLM, and only the rows of the word embeddings it looks up become resident) and
tokenizes with the folder's `tokenizer.json` (the `tokenizers` library sentence-transformers uses).
It computes what `SentenceTransformer.encode(..., normalize_embeddings=True)` computes for a
folder of Transformer + mean Pooling (+ Normalize): word pieces up to `max_seq_length` with
[CLS]/[SEP], post-norm encoder layers with exact GELU, mean over the attention mask, unit rows
(tests/embeddings/test_bert.py compares the two to 1e-5).
"""

from __future__ import annotations

import json
import mmap
import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np

# padded word pieces a batch holds at most: its attention scores (12 heads x length^2 a text)
# stay about 12 MB at the 256 pieces a report reads, per worker thread
BATCH_TOKENS = 1024
_DTYPES = {"F32": np.float32, "F16": np.float16, "I64": np.int64}


def read_safetensors(path: Path) -> dict[str, np.ndarray]:
    """The tensors of a safetensors file as read-only arrays over one shared memory map."""
    with path.open("rb") as fh:
        buffer = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
    (size,) = struct.unpack("<Q", buffer[:8])
    header = json.loads(buffer[8 : 8 + size])
    base = 8 + size
    tensors: dict[str, np.ndarray] = {}
    for name, spec in header.items():
        if name == "__metadata__":
            continue
        start, end = spec["data_offsets"]
        dtype = np.dtype(_DTYPES[spec["dtype"]])
        count = (end - start) // dtype.itemsize
        array = np.frombuffer(buffer, dtype=dtype, count=count, offset=base + start)
        tensors[name] = array.reshape(spec["shape"])
    return tensors


def is_bert_folder(folder: Path) -> bool:
    """A sentence-transformers folder this encoder computes: a BERT with GELU, safetensors
    weights, a fast tokenizer and mean pooling."""
    try:
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        pooling = json.loads((folder / "1_Pooling" / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return (
        config.get("model_type") == "bert"
        and config.get("hidden_act") == "gelu"
        and config.get("position_embedding_type", "absolute") == "absolute"
        and pooling.get("pooling_mode_mean_tokens") is True
        and not any(
            v
            for k, v in pooling.items()
            if k.startswith("pooling_mode_") and k != "pooling_mode_mean_tokens"
        )  # fmt: skip
        and (folder / "model.safetensors").is_file()
        and (folder / "tokenizer.json").is_file()
    )


def _gelu(x: np.ndarray) -> np.ndarray:
    """Exact GELU, x * (1 + erf(x / sqrt 2)) / 2, in place on `x` (a temporary of the layer).

    erf to 1.5e-7 (Abramowitz and Stegun 7.1.26), below float32's resolution here; numpy has no
    erf, scipy's is no faster, and in-place steps keep the 6 million values of a batch in two
    buffers instead of a dozen temporaries."""
    z = np.abs(x) * np.float32(1 / np.sqrt(2))
    t = z * np.float32(0.3275911)
    t += 1.0
    np.reciprocal(t, out=t)
    poly = t * np.float32(1.061405429)
    for c in (-1.453152027, 1.421413741, -0.284496736, 0.254829592):
        poly += np.float32(c)
        poly *= t
    np.square(z, out=z)
    np.negative(z, out=z)
    np.exp(z, out=z)
    poly *= z  # 1 - erf(|x| / sqrt 2)
    # x * (1 + erf) / 2 with erf's sign from x: x - |x| * poly / 2 ... for x >= 0, and
    # x * poly / 2 for x < 0; both are x/2 * (1 + sign(x) * (1 - poly))
    np.subtract(1.0, poly, out=poly)
    poly *= np.sign(x)
    poly += 1.0
    poly *= 0.5
    x *= poly
    return x


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * weight + bias  # type: ignore[no-any-return]


@dataclass(frozen=True)
class _Layer:
    query: tuple[np.ndarray, np.ndarray]
    key: tuple[np.ndarray, np.ndarray]
    value: tuple[np.ndarray, np.ndarray]
    attention_out: tuple[np.ndarray, np.ndarray]
    attention_norm: tuple[np.ndarray, np.ndarray]
    intermediate: tuple[np.ndarray, np.ndarray]
    out: tuple[np.ndarray, np.ndarray]
    out_norm: tuple[np.ndarray, np.ndarray]


def _linear(x: np.ndarray, weight_bias: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    weight, bias = weight_bias
    # one 2-D product: numpy's stacked matmul does not reach BLAS for every stride layout
    flat = x.reshape(-1, x.shape[-1]) @ weight.T + bias
    return flat.reshape(*x.shape[:-1], weight.shape[0])  # type: ignore[no-any-return]


class BertEncoder:
    """`encode(texts) -> float32 array` of unit rows; `max_seq_length` word pieces a text."""

    def __init__(self, folder: Path, max_seq_length: int | None = None) -> None:
        from tokenizers import Tokenizer

        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        self.heads = int(config["num_attention_heads"])
        self.eps = float(config.get("layer_norm_eps", 1e-12))
        st_config = folder / "sentence_bert_config.json"
        own = json.loads(st_config.read_text(encoding="utf-8")) if st_config.is_file() else {}
        limit = max_seq_length or own.get("max_seq_length") or config["max_position_embeddings"]
        self.max_seq_length = int(min(limit, config["max_position_embeddings"]))
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(self.max_seq_length)
        w = read_safetensors(folder / "model.safetensors")
        prefix = "bert." if "bert.embeddings.word_embeddings.weight" in w else ""

        def pair(name: str) -> tuple[np.ndarray, np.ndarray]:
            return w[f"{prefix}{name}.weight"], w[f"{prefix}{name}.bias"]

        self.words = w[f"{prefix}embeddings.word_embeddings.weight"]
        self.positions = w[f"{prefix}embeddings.position_embeddings.weight"]
        self.token_type = w[f"{prefix}embeddings.token_type_embeddings.weight"][0]
        self.embedding_norm = pair("embeddings.LayerNorm")
        self.layers = [
            _Layer(
                query=pair(f"encoder.layer.{i}.attention.self.query"),
                key=pair(f"encoder.layer.{i}.attention.self.key"),
                value=pair(f"encoder.layer.{i}.attention.self.value"),
                attention_out=pair(f"encoder.layer.{i}.attention.output.dense"),
                attention_norm=pair(f"encoder.layer.{i}.attention.output.LayerNorm"),
                intermediate=pair(f"encoder.layer.{i}.intermediate.dense"),
                out=pair(f"encoder.layer.{i}.output.dense"),
                out_norm=pair(f"encoder.layer.{i}.output.LayerNorm"),
            )
            for i in range(int(config["num_hidden_layers"]))
        ]

    def encode(self, texts: list[str], batch_size: int = 16, workers: int = 1) -> np.ndarray:
        """Unit rows; with `workers` > 1 the batches run on that many threads with one BLAS
        thread each (numpy releases the GIL in its products and ufuncs): on 2 cores this halves
        the wall time of a long list, where two BLAS threads on one product barely shorten it
        and spend 70 % more CPU."""
        out = np.zeros((len(texts), self.words.shape[1]), dtype=np.float32)
        if not texts:
            return out
        encodings = self.tokenizer.encode_batch(texts)
        # batches of similar lengths pad little
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))
        batches: list[list[int]] = [[]]
        for i in order:  # ascending lengths: the last text of a batch is its longest
            rows = batches[-1]
            if rows and (len(rows) >= batch_size
                         or (len(rows) + 1) * len(encodings[i].ids) > BATCH_TOKENS):  # fmt: skip
                batches.append(rows := [])
            rows.append(i)

        def run(rows: list[int]) -> None:
            out[rows] = self._forward([encodings[i].ids for i in rows])

        if workers <= 1 or len(batches) == 1:
            for rows in batches:
                run(rows)
            return out
        from concurrent.futures import ThreadPoolExecutor

        from threadpoolctl import threadpool_limits

        with threadpool_limits(limits=1, user_api="blas"), ThreadPoolExecutor(workers) as pool:
            list(pool.map(run, batches))
        return out

    def _forward(self, ids_rows: list[list[int]]) -> np.ndarray:
        length = max(len(ids) for ids in ids_rows)
        ids = np.zeros((len(ids_rows), length), dtype=np.int64)
        mask = np.zeros((len(ids_rows), length), dtype=np.float32)
        for row, row_ids in enumerate(ids_rows):
            ids[row, : len(row_ids)] = row_ids
            mask[row, : len(row_ids)] = 1.0
        x = self.words[ids] + self.positions[:length] + self.token_type
        x = _layer_norm(x, *self.embedding_norm, self.eps)
        # masked keys get the most negative float32, as in the reference implementation
        bias = ((1.0 - mask) * np.finfo(np.float32).min)[:, None, None, :]
        for layer in self.layers:
            x = self._layer(x, layer, bias)
        summed = (x * mask[:, :, None]).sum(axis=1)
        pooled = summed / np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return pooled / np.maximum(norms, 1e-12)  # type: ignore[no-any-return]

    def _layer(self, x: np.ndarray, layer: _Layer, bias: np.ndarray) -> np.ndarray:
        batch, length, width = x.shape
        size = width // self.heads

        def heads(t: np.ndarray) -> np.ndarray:  # (batch x heads, length, size), contiguous
            return np.ascontiguousarray(
                t.reshape(batch, length, self.heads, size).transpose(0, 2, 1, 3)
            ).reshape(batch * self.heads, length, size)

        q, k, v = (heads(_linear(x, p)) for p in (layer.query, layer.key, layer.value))
        scores = _per_head(q, k.transpose(0, 2, 1), (length, length))
        scores = scores.reshape(batch, self.heads, length, length)
        scores *= np.float32(1 / np.sqrt(size))  # softmax in place: 12 x length^2 a text
        scores += bias
        scores -= scores.max(axis=-1, keepdims=True)
        np.exp(scores, out=scores)
        scores /= scores.sum(axis=-1, keepdims=True)
        probs = scores.reshape(-1, length, length)
        per_head = _per_head(probs, v, (length, size)).reshape(batch, self.heads, length, size)
        context = per_head.transpose(0, 2, 1, 3).reshape(batch, length, width)
        x = _layer_norm(x + _linear(context, layer.attention_out), *layer.attention_norm, self.eps)
        hidden = _gelu(_linear(x, layer.intermediate))
        return _layer_norm(x + _linear(hidden, layer.out), *layer.out_norm, self.eps)


def _per_head(a: np.ndarray, b: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """a[i] @ b[i] for every head, one 2-D product each: numpy's stacked matmul does not reach
    BLAS for these shapes and is 5 to 15 times slower."""
    out = np.empty((a.shape[0], *shape), dtype=np.float32)
    for i in range(a.shape[0]):
        np.matmul(a[i], b[i], out=out[i])
    return out
