"""Sentence embeddings for the offline judge, where wording varies and rules cannot decide.

The model is icatest's one embedder (icatest.embeddings: the packaged MiniLM, computed in numpy
without torch), reading the first 128 word pieces of a text on one CPU thread.
It is loaded on first use, and each text is embedded once while it stays among the `CACHE_SIZE`
most recently used (keyed by a digest, so a long reply costs 16 bytes of key), so a judged turn
usually embeds one new sentence: the reply, and a campaign's memory stays bounded (about 7 MB).
When the model package or `tokenizers` is missing, `similarity` returns None and the judge
abstains wherever it needed the embedding.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

    from icatest.embeddings import SentenceEmbedder

CACHE_SIZE = 4096  # 4,096 x 384 float32: about 6 MB of vectors
MAX_TOKENS = 128


def _minilm() -> SentenceEmbedder | None:
    try:
        import tokenizers  # noqa: F401  # the encoder's one import beyond numpy

        from icatest.embeddings import minilm

        return minilm(max_seq_length=MAX_TOKENS, batch_size=32, threads=1)
    except ImportError:
        return None


class TextVectors:
    """Unit vectors of texts from one embedder, with a bounded LRU cache."""

    def __init__(self, make: Callable[[], SentenceEmbedder | None], size: int = CACHE_SIZE):
        self._make = make
        self._made = False
        self._embedder: SentenceEmbedder | None = None
        self.size = size
        self._lock = threading.Lock()
        self._cache: OrderedDict[bytes, np.ndarray] = OrderedDict()

    def embedder(self) -> SentenceEmbedder | None:
        with self._lock:
            if not self._made:
                self._embedder, self._made = self._make(), True
            return self._embedder

    def embed(self, texts: list[str]) -> np.ndarray | None:
        import numpy as np

        embedder = self.embedder()
        if embedder is None:
            return None
        keys = [hashlib.blake2b(t.encode("utf-8"), digest_size=16).digest() for t in texts]
        with self._lock:
            known = {k: self._cache[k] for k in keys if k in self._cache}
        missing = {k: t for k, t in zip(keys, texts, strict=True) if k not in known}
        if missing:
            known.update(zip(missing, embedder.embed(list(missing.values())), strict=True))
        with self._lock:
            for key in keys:
                self._cache[key] = known[key]
                self._cache.move_to_end(key)
            while len(self._cache) > self.size:
                self._cache.popitem(last=False)
        rows = [known[k] for k in keys]
        return np.stack(rows)

    def __len__(self) -> int:
        return len(self._cache)


VECTORS = TextVectors(_minilm)


def available() -> bool:
    return VECTORS.embedder() is not None


def embed(texts: list[str]) -> np.ndarray | None:
    """Unit vectors, one row per text (None when no embedding model is installed)."""
    return VECTORS.embed(texts)


def similarity(a: str, b: str) -> float | None:
    """Cosine similarity of two texts, or None without an embedding model."""
    if not a.strip() or not b.strip():
        return 0.0
    vectors = embed([a, b])
    return None if vectors is None else float(vectors[0] @ vectors[1])


def best_similarity(text: str, others: list[str]) -> float | None:
    others = [o for o in others if o.strip()]
    if not text.strip() or not others:
        return 0.0
    vectors = embed([text, *others])
    return None if vectors is None else float((vectors[1:] @ vectors[0]).max())
