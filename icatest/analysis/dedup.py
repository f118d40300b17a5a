"""Which failing conversations are really the same one: exact signatures and near-duplicates.

Exact duplicates share a transcript signature (user and system texts, normalised: lower case,
collapsed whitespace). Near-duplicates are pairs whose failure-text embeddings have cosine
similarity >= a threshold; groups are the connected components of that relation (so a chain of
near-duplicates counts as one group, which errs toward fewer unique failures).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from icatest.analysis.frames import failure_events
from icatest.contracts import ConversationRecord

DEFAULT_NEAR_DUPLICATE_THRESHOLD = 0.95
_SPACE = re.compile(r"\s+")


def normalize_text(text: str | None) -> str:
    return _SPACE.sub(" ", (text or "").lower()).strip()


def transcript_signature(record: ConversationRecord) -> str:
    """sha256 over the normalised user and system texts of every turn, in order."""
    digest = hashlib.sha256()
    for turn in record.turns:
        digest.update(normalize_text(turn.user).encode("utf-8") + b"\x1f")
        digest.update(normalize_text(turn.system).encode("utf-8") + b"\x1e")
    return digest.hexdigest()


def failure_text(record: ConversationRecord) -> str:
    """What a failure is about: the failing turns' user and system texts plus the rationales."""
    by_turn: dict[int, list[str]] = {}
    for event in failure_events(record):
        by_turn.setdefault(event.turn, []).append(f"{event.label}: {event.rationale}".strip())
    turns = {t.turn_number: t for t in record.turns}
    parts = []
    for number in sorted(by_turn):
        turn = turns.get(number)
        if turn is not None:
            parts.append(f"User: {turn.user}")
            parts.append(f"Assistant: {turn.system or turn.sut_error or ''}")
        parts.extend(by_turn[number])
    return "\n".join(parts)


def duplicate_groups(
    records: Sequence[Any],
    vectors: Mapping[str, np.ndarray] | None = None,
    threshold: float = DEFAULT_NEAR_DUPLICATE_THRESHOLD,
) -> list[list[str]]:
    """Groups of conversation ids that are exact or (with vectors) near duplicates; `records`
    are records or their digests (which carry the signature of a failing conversation)."""
    ids = [r.conversation_id for r in records]
    parent = list(range(len(ids)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def union(i: int, j: int) -> None:
        parent[find(i)] = find(j)

    first_by_signature: dict[str, int] = {}
    for i, record in enumerate(records):
        signature = getattr(record, "signature", None) or transcript_signature(record)
        if signature in first_by_signature:
            union(i, first_by_signature[signature])
        else:
            first_by_signature[signature] = i
    if vectors is not None:
        for i, j in _similar_pairs(ids, vectors, threshold):
            union(i, j)
    groups: dict[int, list[str]] = {}
    for i, cid in enumerate(ids):
        groups.setdefault(find(i), []).append(cid)
    return list(groups.values())


def _similar_pairs(
    ids: Sequence[str], vectors: Mapping[str, np.ndarray], threshold: float
) -> list[tuple[int, int]]:
    present = [i for i, cid in enumerate(ids) if cid in vectors]
    if len(present) < 2:
        return []
    matrix = np.vstack([np.asarray(vectors[ids[i]], dtype=float) for i in present])
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    unit = matrix / np.where(norms == 0, 1.0, norms)
    sims = unit @ unit.T
    rows, cols = np.triu_indices(len(present), k=1)
    hits = sims[rows, cols] >= threshold
    return [(present[a], present[b]) for a, b in zip(rows[hits], cols[hits], strict=True)]
