"""Text embedders for clustering and near-duplicate detection, with an on-disk cache.

`Embedder` is a small protocol (a stable `model_id` and `embed(texts) -> array`), so tests and
users can plug in anything. Built in: the offline MiniLM package (default), any
sentence-transformers model name or local path (both through icatest.embeddings, the one embedder
the rules judge uses too), and `hashing`, a dependency-light bag-of-words
embedder (no torch) for quick looks and tests. Models are never downloaded by icatest itself: a
name that is not installed locally is the user's configuration to satisfy.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import numpy as np

from icatest.embeddings import SentenceEmbedder, minilm, read_limit

DEFAULT_MODEL = "minilm"
HASHING_MODEL = "hashing"


class Embedder(Protocol):
    model_id: str  # an embedder may also say how many word pieces it reads (`pieces`)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """One row per text."""
        ...


class HashingEmbedder:
    """Bag of word uni- and bigrams hashed into a fixed width, L2-normalised. Deterministic."""

    def __init__(self, n_features: int = 512) -> None:
        self.n_features = n_features
        self.model_id = f"hashing:{n_features}"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        from sklearn.feature_extraction.text import HashingVectorizer

        vectorizer = HashingVectorizer(
            n_features=self.n_features, ngram_range=(1, 2), alternate_sign=False, norm="l2"
        )
        return np.asarray(vectorizer.transform(list(texts)).toarray(), dtype=np.float32)


def resolve_embedder(name: str = DEFAULT_MODEL) -> Embedder:
    """`minilm` (offline package), `hashing`, or any sentence-transformers name or path."""
    if name == DEFAULT_MODEL:
        return minilm(max_seq_length=256)  # what the model card says MiniLM reads
    if name == HASHING_MODEL:
        return HashingEmbedder()
    return SentenceEmbedder(name)


def readable(embedder: Embedder, text: str) -> str:
    """What of `text` the embedder reads (all of it unless it says how many word pieces)."""
    pieces = getattr(embedder, "pieces", None)
    return read_limit(text, pieces) if isinstance(pieces, int) else text


def text_key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def embed_cached(embedder: Embedder, texts: Sequence[str], cache_dir: Path | None) -> np.ndarray:
    """Embed texts, reusing vectors cached in `cache_dir/embeddings-<model hash>.npz`.

    The cache is keyed by text hash, so adding conversations to a run only embeds the new ones.
    An unwritable cache folder (e.g. read-only reference data) just means no caching.
    """
    if not texts:
        return np.zeros((0, 0), dtype=np.float32)
    path = _cache_path(cache_dir, embedder.model_id) if cache_dir is not None else None
    cached = _read_cache(path)
    keys = [text_key(t) for t in texts]
    missing = sorted({k: t for k, t in zip(keys, texts, strict=True) if k not in cached}.items())
    if missing:
        fresh = embedder.embed([t for _, t in missing])
        cached.update({k: fresh[i] for i, (k, _) in enumerate(missing)})
        _write_cache(path, cached)
    return np.vstack([cached[k] for k in keys]).astype(np.float32)


def _cache_path(cache_dir: Path, model_id: str) -> Path:
    digest = hashlib.sha256(model_id.encode("utf-8")).hexdigest()[:16]
    return cache_dir / f"embeddings-{digest}.npz"


def _read_cache(path: Path | None) -> dict[str, np.ndarray]:
    if path is None or not path.exists():
        return {}
    try:
        with np.load(path, allow_pickle=False) as data:
            return dict(zip(data["keys"].tolist(), data["vectors"], strict=True))
    except (OSError, ValueError, KeyError):
        return {}  # a corrupt cache is rebuilt, not trusted


def _write_cache(path: Path | None, cached: dict[str, np.ndarray]) -> None:
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        keys = np.array(list(cached), dtype="U32")
        vectors = np.vstack(list(cached.values()))
        tmp = path.with_suffix(".tmp.npz")
        np.savez(tmp, keys=keys, vectors=vectors)
        tmp.replace(path)
    except OSError:
        return
