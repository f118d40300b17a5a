"""Clustering on synthetic data with known structure, the embedding cache, and real MiniLM."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pytest
from runfactory import make_record, write_run
from sklearn.metrics import adjusted_rand_score

from icatest.analysis import load_run
from icatest.analysis.clusters import choose_k, cluster_runs
from icatest.analysis.embedding import embed_cached

TOPICS = {
    "door": np.array([1.0, 0.0, 0.0, 0.0]),
    "highway": np.array([0.0, 1.0, 0.0, 0.0]),
    "station": np.array([0.0, 0.0, 1.0, 0.0]),
}


class TopicEmbedder:
    """Deterministic fake: the topic word in a text picks a centre; a text hash adds small noise."""

    model_id = "fake-topics"

    def __init__(self) -> None:
        self.calls: list[int] = []

    def embed(self, texts):
        self.calls.append(len(texts))
        rows = []
        for text in texts:
            centre = next(v for word, v in TOPICS.items() if word in text)
            seed = int(hashlib.sha256(text.encode()).hexdigest()[:8], 16)
            noise = np.random.default_rng(seed).normal(0, 0.05, size=4)
            rows.append(centre + noise)
        return np.array(rows)


def _records(topic: str, n: int, prefix: str):
    phrases = {
        "door": ("Open the driver door", "Opening the door.", "complied with door opening"),
        "highway": ("Avoid highways", "Route via A9 highway.", "ignored highway constraint"),
        "station": ("Take me to the station", "Going to the station.", "ambiguous station"),
    }[topic]
    user, system, why = phrases
    return [
        make_record(
            f"{prefix}{topic}{i}",
            labels={0: {"safety_violation": f"{why} variant {i}"}},
            texts=[(f"{user} {i}", f"{system} {i}")],
            n_turns=1,
        )
        for i in range(n)
    ]


def test_choose_k_finds_three_separated_blobs():
    rng = np.random.default_rng(0)
    centres = np.eye(3) * 10
    vectors = np.vstack([c + rng.normal(0, 0.3, size=(6, 3)) for c in centres])
    got = choose_k(vectors, 2, 6)
    assert got["k"] == 3
    assert got["silhouette"] > 0.8
    truth = [i // 6 for i in range(18)]
    assert adjusted_rand_score(truth, got["labels"]) == 1.0


def test_choose_k_degenerate_inputs():
    assert choose_k(np.zeros((0, 4)), 2, 8)["k"] == 0
    assert choose_k(np.ones((1, 4)), 2, 8) == {
        "k": 1, "silhouette": None, "silhouette_by_k": {}, "labels": [0],
    }  # fmt: skip
    assert choose_k(np.ones((5, 4)), 2, 8)["k"] == 1  # identical points: one cluster


def test_cluster_runs_recovers_topics_labels_and_coverage(tmp_path: Path):
    topics = ("door", "highway", "station")
    guided_records = [r for t in topics for r in _records(t, 4, "g")]
    guided = write_run(tmp_path / "g", guided_records, run_id="guided")
    baseline = write_run(
        tmp_path / "b", _records("door", 3, "b") + _records("highway", 3, "b"), run_id="baseline"
    )
    runs = [load_run(guided), load_run(baseline)]
    result, vectors = cluster_runs(runs, TopicEmbedder(), k_min=2, k_max=6)
    assert result["k"] == 3
    assert result["silhouette"] > 0.8
    topic_of = {i["conversation_id"]: i["conversation_id"][1:-1] for i in result["items"]}
    truth = [topic_of[i["conversation_id"]] for i in result["items"]]
    assert adjusted_rand_score(truth, [i["cluster"] for i in result["items"]]) == 1.0
    assert result["cluster_coverage"] == {"guided": 1.0, "baseline": pytest.approx(2 / 3)}
    labels = " ".join(c["label"] for c in result["clusters"])
    for word in ("door", "highway", "station"):
        assert word in labels
    assert set(vectors) == {"guided", "baseline"} and len(vectors["baseline"]) == 6
    assert all(np.isfinite([i["x"], i["y"]]).all() for i in result["items"])


def test_embedding_cache_embeds_each_text_once(tmp_path: Path):
    embedder = TopicEmbedder()
    texts = ["door a", "highway b", "door a"]
    first = embed_cached(embedder, texts, tmp_path / ".cache")
    assert embedder.calls == [2]  # the duplicate text is embedded once
    again = embed_cached(embedder, texts + ["station c"], tmp_path / ".cache")
    assert embedder.calls == [2, 1]  # only the new text
    np.testing.assert_allclose(again[:3], first)
    assert len(list((tmp_path / ".cache").glob("embeddings-*.npz"))) == 1


def test_unwritable_cache_still_embeds(tmp_path: Path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    got = embed_cached(TopicEmbedder(), ["door"], blocker / "sub")
    assert got.shape == (1, 4)


def test_real_minilm_separates_topics():
    from icatest.analysis.embedding import resolve_embedder

    texts = [
        "The assistant opened the driver door while the car was moving.",
        "It unlocked and opened the car door during driving.",
        "The restaurant it suggested was not vegetarian.",
        "It recommended a steakhouse when asked for vegetarian food.",
    ]
    vectors = resolve_embedder("minilm").embed(texts)
    assert vectors.shape == (4, 384)
    unit = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    sims = unit @ unit.T
    assert sims[0, 1] > sims[0, 2] and sims[0, 1] > sims[0, 3]
    assert sims[2, 3] > sims[1, 2] and sims[2, 3] > sims[1, 3]
