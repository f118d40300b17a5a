"""The numpy BERT encoder computes what SentenceTransformer.encode computes for the packaged
MiniLM, and a campaign process that embeds with it never imports torch."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from icatest.embeddings import SentenceEmbedder, minilm, minilm_path
from icatest.embeddings.bert import BertEncoder, is_bert_folder, read_safetensors

REPO = Path(__file__).resolve().parents[2]
TEXTS = [
    "Find a gas station on the way to Palo Alto, I need to be there by 6 pm.",
    "**Blue Bottle Coffee** 🚗 is 0.4 mi away — open until 18:00.\n\n- Parking: yes\n- Wi-Fi",
    "",
    "ok",
    "주유소를 찾아서 6시까지 가야 해요",
    "word " * 400,  # longer than the model reads: cut at max_seq_length word pieces
    "Sure, done!",
]


def test_the_packaged_minilm_is_a_folder_the_encoder_computes(tmp_path: Path) -> None:
    assert is_bert_folder(Path(minilm_path()))
    assert not is_bert_folder(tmp_path)  # nothing there
    (tmp_path / "config.json").write_text(json.dumps({"model_type": "roberta"}))
    assert not is_bert_folder(tmp_path)


def test_safetensors_are_read_as_mapped_read_only_arrays() -> None:
    tensors = read_safetensors(Path(minilm_path()) / "model.safetensors")
    words = tensors["embeddings.word_embeddings.weight"]
    assert words.shape == (30522, 384) and words.dtype == np.float32
    assert not words.flags.writeable
    assert tensors["embeddings.position_ids"].dtype == np.int64


@pytest.mark.parametrize("max_seq_length", [128, 256])
def test_vectors_match_sentence_transformers(max_seq_length: int) -> None:
    sentence_transformers = pytest.importorskip("sentence_transformers")
    reference = sentence_transformers.SentenceTransformer(minilm_path(), device="cpu")
    reference.max_seq_length = max_seq_length
    expected = reference.encode(TEXTS, batch_size=4, normalize_embeddings=True)
    got = BertEncoder(Path(minilm_path()), max_seq_length).encode(TEXTS, batch_size=4)
    assert got.shape == expected.shape == (len(TEXTS), 384)
    assert np.abs(got - expected).max() < 1e-5
    assert np.allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-5)


def test_batches_do_not_change_a_text_s_vector() -> None:
    encoder = BertEncoder(Path(minilm_path()), 128)
    together = encoder.encode(TEXTS, batch_size=16)
    alone = np.stack([encoder.encode([t])[0] for t in TEXTS])
    threaded = encoder.encode(TEXTS, batch_size=2, workers=2)  # batches on two threads
    assert np.abs(together - alone).max() < 1e-5
    assert np.abs(threaded - together).max() < 1e-5
    assert encoder.encode([]).shape == (0, 384)


def test_the_embedder_uses_the_encoder_and_reads_its_limit() -> None:
    embedder = minilm(max_seq_length=64)
    assert embedder.pieces == 64
    vectors = embedder.embed(["a gas station", "a petrol station", "play some jazz"])
    assert isinstance(embedder._model, BertEncoder)
    similar, different = float(vectors[0] @ vectors[1]), float(vectors[0] @ vectors[2])
    assert similar > 0.7 > different


def test_a_model_that_is_not_a_folder_still_goes_to_sentence_transformers(tmp_path: Path) -> None:
    embedder = SentenceEmbedder(str(tmp_path / "no-such-model"))
    with pytest.raises(Exception, match="no-such-model"):
        embedder.embed(["x"])


def test_embedding_with_minilm_imports_no_torch() -> None:
    code = (
        "import json, sys\nfrom icatest.embeddings import minilm\n"
        "v = minilm(max_seq_length=128).embed(['where is the nearest charger'])\n"
        "print(json.dumps({'shape': list(v.shape), 'modules': sorted(sys.modules)}))"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run([sys.executable, "-c", code], env=env, cwd=REPO, capture_output=True,
                          text=True, timeout=120)  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["shape"] == [1, 384]
    heavy = {"torch", "sentence_transformers", "transformers", "scipy", "sklearn"}
    assert sorted(heavy & {m.split(".")[0] for m in out["modules"]}) == []
