"""Failure clusters: k-means over failure-text embeddings, k chosen by silhouette.

The clustering is fitted once over the union of the runs given, so each run's `cluster_coverage`
(the share of union clusters holding at least one of its failing conversations) is comparable.
Cluster labels are the top TF-IDF terms of their members' texts.

Embedding is the cost (MiniLM: a tenth of a second or more per failure text on 2 cores), so a
text is cut to what the embedder reads, and above `EMBED_SAMPLE` distinct texts (or
`FIT_SAMPLE` failing conversations) only a seeded sample of `EMBED_SAMPLE` distinct texts is
embedded: the k-means is fitted on those distinct texts and clusters the failing conversations
that carry them (`sample` in the result says how many of how many). The sample is the texts with
the smallest salted hashes, so a run that grows keeps most of it and its cache.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from icatest.analysis.embedding import Embedder, embed_cached, readable
from icatest.analysis.run import Run
from icatest.storage.rundir import CACHE

TOP_TERMS = 3
_SPEAKERS = frozenset({"user", "assistant"})  # the speaker prefixes of failure texts


def _STOP_WORDS(english: frozenset[str]) -> list[str]:  # noqa: N802
    return sorted(english | _SPEAKERS)


@dataclass(frozen=True)
class ClusterItem:
    """One failing conversation to cluster."""

    run: str
    conversation_id: str
    text: str


def failing_items(runs: Sequence[Run]) -> list[ClusterItem]:
    """Failing conversations of every run, each with its failure text (from the runs' scans)."""
    return [
        ClusterItem(run.name, conversation_id, text)
        for run in runs
        for conversation_id, text in run.scan.failure_texts.items()
    ]


def embed_items(
    runs: Sequence[Run],
    items: Sequence[ClusterItem],
    embedder: Embedder,
    texts: Sequence[str] | None = None,
) -> np.ndarray:
    """Embeddings of items (of `texts`, one per item, when given), cached under each run's
    `.cache` folder. Items must come grouped by run, as `failing_items` gives them."""
    if not items:
        return np.zeros((0, 0), dtype=np.float32)
    said = [i.text for i in items] if texts is None else list(texts)
    by_run = {run.name: run for run in runs}
    rows: list[np.ndarray] = []
    for name in dict.fromkeys(item.run for item in items):
        run_texts = [t for item, t in zip(items, said, strict=True) if item.run == name]
        rows.append(embed_cached(embedder, run_texts, by_run[name].path / CACHE))
    return np.vstack(rows)


FIT_SAMPLE = 1500
EMBED_SAMPLE = 256


def text_sample(texts: Sequence[str], n: int = EMBED_SAMPLE, seed: int = 0) -> set[str]:
    """`n` of the distinct texts: those with the smallest salted hashes (a uniform sample that a
    growing run mostly keeps)."""
    distinct = set(texts)
    if len(distinct) <= n:
        return distinct
    def rank(text: str) -> bytes:
        return hashlib.sha256(f"{seed}\x1f{text}".encode()).digest()

    return set(sorted(distinct, key=rank)[:n])


def choose_k(vectors: np.ndarray, k_min: int, k_max: int, seed: int = 0) -> dict[str, Any]:
    """Fit k-means for each k in range and keep the best silhouette (ties: smaller k)."""
    from sklearn.cluster import KMeans
    from sklearn.metrics import silhouette_score

    n = len(vectors)
    distinct = len(np.unique(np.round(vectors, 6), axis=0)) if n else 0
    upper = min(k_max, n - 1, distinct)
    scores: dict[int, float] = {}
    best: tuple[float, int, np.ndarray] | None = None
    # beyond FIT_SAMPLE points, fit and score on a seeded sample and assign the rest to the
    # nearest centre: the clustering of thousands of conversations then takes seconds, not minutes
    sample = vectors
    if n > FIT_SAMPLE:
        pick = np.random.default_rng(seed).choice(n, FIT_SAMPLE, replace=False)
        sample = vectors[np.sort(pick)]
    for k in range(max(2, k_min), upper + 1):
        model = KMeans(n_clusters=k, n_init=10, random_state=seed).fit(sample)
        labels = model.predict(vectors) if n > FIT_SAMPLE else model.labels_
        score = float(silhouette_score(sample, model.labels_, metric="cosine"))
        scores[k] = score
        if best is None or score > best[0] + 1e-12:
            best = (score, k, labels)
    if best is None:
        return {"k": 1 if n else 0, "silhouette": None, "silhouette_by_k": {}, "labels": [0] * n}
    return {
        "k": best[1],
        "silhouette": best[0],
        "silhouette_by_k": {str(k): v for k, v in scores.items()},
        "labels": [int(x) for x in best[2]],
    }


def top_terms(
    texts: Sequence[str], labels: Sequence[int], k: int, n: int = TOP_TERMS
) -> list[list[str]]:
    """Top TF-IDF terms per cluster (mean weight over members)."""
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS, TfidfVectorizer

    if not texts or k == 0:
        return []
    try:
        matrix = TfidfVectorizer(stop_words=_STOP_WORDS(ENGLISH_STOP_WORDS), max_features=5000).fit(
            texts
        )
    except ValueError:  # only stop words
        return [[] for _ in range(k)]
    weights = matrix.transform(texts)
    vocabulary = np.array(matrix.get_feature_names_out())
    label_arr = np.asarray(labels)
    terms = []
    for c in range(k):
        mean = np.asarray(weights[label_arr == c].mean(axis=0)).ravel()
        order = [i for i in np.argsort(-mean)[:n] if mean[i] > 0]
        terms.append([str(vocabulary[i]) for i in order])
    return terms


def project_2d(vectors: np.ndarray) -> np.ndarray:
    """PCA to two dimensions (zeros when there is nothing to project)."""
    if len(vectors) < 2 or vectors.shape[1] < 2:
        return np.zeros((len(vectors), 2))
    from sklearn.decomposition import PCA

    return np.asarray(PCA(n_components=2, random_state=0).fit_transform(vectors))


def coverage(
    item_runs: Sequence[str], labels: Sequence[int], k: int, runs: Sequence[str]
) -> dict[str, float | None]:
    """Per run: share of the k union clusters containing at least one of its items."""
    return {
        run: (
            len({lab for r, lab in zip(item_runs, labels, strict=True) if r == run}) / k
            if k
            else None
        )
        for run in runs
    }


def representatives(
    items: Sequence[ClusterItem],
    vectors: np.ndarray,
    labels: Sequence[int],
    cluster: int,
    n: int = 3,
) -> list[dict[str, str]]:
    """The members closest (cosine) to the cluster's mean: the conversations that typify it."""
    idx = [i for i, lab in enumerate(labels) if lab == cluster]
    if not idx:
        return []
    members = vectors[idx]
    norms = np.linalg.norm(members, axis=1, keepdims=True)
    unit = members / np.where(norms == 0, 1, norms)
    centre = unit.mean(axis=0)
    order = np.argsort(-(unit @ centre), kind="stable")[:n]
    return [
        {"run": items[idx[o]].run, "conversation_id": items[idx[o]].conversation_id} for o in order
    ]


def cluster_vectors(
    items: Sequence[ClusterItem],
    vectors: np.ndarray,
    run_names: Sequence[str],
    *,
    k_min: int = 2,
    k_max: int = 8,
    seed: int = 0,
    groups: Sequence[int] | None = None,
) -> dict[str, Any]:
    """Cluster given embeddings; JSON-ready result with clusters, items (with 2-D coordinates).
    With `groups` (item -> index of its distinct text, numbered by first appearance), k-means is
    fitted on the distinct texts' vectors and each item takes its text's cluster."""
    if groups is None:
        chosen = choose_k(vectors, k_min, k_max, seed)
        labels = chosen["labels"]
    else:
        first: dict[int, int] = {}
        for n, g in enumerate(groups):
            first.setdefault(g, n)
        chosen = choose_k(vectors[[first[g] for g in range(len(first))]], k_min, k_max, seed)
        labels = [chosen["labels"][g] for g in groups]
    k = chosen["k"]
    terms = top_terms([i.text for i in items], labels, k)
    xy = project_2d(vectors)
    clusters = []
    for c in range(k):
        members = [i for i, lab in zip(items, labels, strict=True) if lab == c]
        clusters.append(
            {
                "id": c,
                "size": len(members),
                "representatives": representatives(items, vectors, labels, c),
                "terms": terms[c] if c < len(terms) else [],
                "label": ", ".join(terms[c]) if c < len(terms) and terms[c] else f"cluster {c}",
                "size_by_run": {r: sum(1 for m in members if m.run == r) for r in run_names},
            }
        )
    return {
        "k": k,
        "silhouette": chosen["silhouette"],
        "silhouette_by_k": chosen["silhouette_by_k"],
        "k_range": [k_min, k_max],
        "n_items": len(items),
        "clusters": clusters,
        "cluster_coverage": coverage([i.run for i in items], labels, k, run_names),
        "items": [
            {
                "run": item.run,
                "conversation_id": item.conversation_id,
                "cluster": int(lab),
                "x": float(xy[n][0]),
                "y": float(xy[n][1]),
            }
            for n, (item, lab) in enumerate(zip(items, labels, strict=True))
        ],
    }


def cluster_runs(
    runs: Sequence[Run], embedder: Embedder, *, k_min: int = 2, k_max: int = 8, seed: int = 0
) -> tuple[dict[str, Any], dict[str, dict[str, np.ndarray]]]:
    """Embed and cluster failing conversations (a sample above the thresholds: module
    docstring); also return vectors by run and conversation."""
    items = failing_items(runs)
    said = [readable(embedder, item.text) for item in items]
    distinct = list(dict.fromkeys(said))
    sample = None
    groups: list[int] | None = None
    if len(distinct) > EMBED_SAMPLE or len(items) > FIT_SAMPLE:
        chosen = text_sample(distinct, EMBED_SAMPLE, seed)
        keep = [n for n, text in enumerate(said) if text in chosen]
        sample = {"failing_conversations": len(items), "distinct_texts": len(distinct),
                  "embedded_texts": len(chosen), "clustered_conversations": len(keep)}  # fmt: skip
        items, said = [items[n] for n in keep], [said[n] for n in keep]
        number = {text: n for n, text in enumerate(dict.fromkeys(said))}
        groups = [number[text] for text in said]
    vectors = embed_items(runs, items, embedder, said)
    result = cluster_vectors(
        items, vectors, [r.name for r in runs], k_min=k_min, k_max=k_max, seed=seed,
        groups=groups,
    )  # fmt: skip
    result["model"] = embedder.model_id
    if sample is not None:
        result["sample"] = sample
    by_run: dict[str, dict[str, np.ndarray]] = {r.name: {} for r in runs}
    for n, item in enumerate(items):
        by_run[item.run][item.conversation_id] = vectors[n]
    return result, by_run
