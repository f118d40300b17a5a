"""The rules judge's sentence vectors: one embedder (icatest.embeddings), each text embedded once
while cached, and a cache that stays bounded in a long campaign."""

from __future__ import annotations

import numpy as np
import pytest

from icatest.judges.rules import semantic


class FakeEmbedder:
    """Unit vectors from the text's length; remembers what it was asked."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def embed(self, texts: list[str]) -> np.ndarray:
        self.asked.extend(texts)
        rows = np.array([[len(t), 1.0, 0.0] for t in texts], dtype=np.float32)
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def test_each_text_is_embedded_once_and_the_cache_stays_bounded():
    fake = FakeEmbedder()
    vectors = semantic.TextVectors(lambda: fake, size=3)  # type: ignore[arg-type,return-value]
    first = vectors.embed(["a", "bb", "a"])
    assert first is not None and first.shape == (3, 3)
    assert fake.asked == ["a", "bb"]
    vectors.embed(["bb", "ccc"])
    assert fake.asked == ["a", "bb", "ccc"]
    for n in range(10):
        vectors.embed([f"text {n}"])
    assert len(vectors) == 3  # a long campaign keeps the most recent texts only
    vectors.embed(["a"])
    assert fake.asked[-1] == "a"  # evicted, so embedded again


def test_without_a_model_the_judge_abstains():
    vectors = semantic.TextVectors(lambda: None)
    assert vectors.embed(["x"]) is None


def test_the_judge_uses_the_one_embedder():
    from icatest.embeddings import SentenceEmbedder

    made = semantic._minilm()
    if made is None:
        pytest.skip("sentence-transformers or the MiniLM package is not installed")
    assert isinstance(made, SentenceEmbedder)
    assert made.max_seq_length == semantic.MAX_TOKENS and made.threads == 1
    assert semantic.CACHE_SIZE <= 4096
