"""How often the speech-level filter alone rejects text that is correct for its level.

The KPI pre-check fails an answer as soon as one sentence is clearly in another level; a filter
that flags correct text would make the assistant look worse than it is. Two measurements:

* `labelled_flag_rates`: the labelled test set (testset.py), one sentence at a time, each
  checked against its own gold level.
* `column_flag_rates`: the style corpus as its writers produced it, one cell (a short utterance,
  often several sentences) at a time, checked against its column's level (`informal` -> hae,
  `formal` -> haeyo, `gentle` -> hapsyo). The corpus writers mix 해요체 and 합쇼체 inside the
  polite columns, so these rates also show what `mixed_polite` changes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from pathlib import Path

from pydantic import BaseModel

from icatest.locar.honorifics.classifier import verify
from icatest.locar.honorifics.levels import Level
from icatest.locar.honorifics.testset import (
    COLUMN_LEVELS,
    LabelledSentence,
    default_tsv_path,
    read_rows,
)


class FlagRate(BaseModel):
    n: int
    flagged: int
    rate: float
    ci95: tuple[float, float]


def wilson(k: int, n: int) -> tuple[float, float]:
    """Wilson 95 % interval of a proportion k/n."""
    if n == 0:
        return (0.0, 1.0)
    z, p = 1.96, k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (round(max(0.0, mid - half), 4), round(min(1.0, mid + half), 4))


def flag_rates(
    pairs: Iterable[tuple[str, Level]], *, mixed_polite: bool = False
) -> dict[str, FlagRate]:
    """Per level: how many texts `verify(text, level)` rejects."""
    counts: dict[Level, list[int]] = {}
    for text, level in pairs:
        if level is Level.UNKNOWN:
            continue
        slot = counts.setdefault(level, [0, 0])
        slot[0] += 1
        slot[1] += 0 if verify(text, level, mixed_polite=mixed_polite).ok else 1
    return {
        lvl.value: FlagRate(n=n, flagged=k, rate=round(k / n, 4), ci95=wilson(k, n))
        for lvl, (n, k) in sorted(counts.items(), key=lambda kv: kv[0].value)
    }


def labelled_flag_rates(
    items: Sequence[LabelledSentence], *, mixed_polite: bool = False
) -> dict[str, FlagRate]:
    return flag_rates(((s.text, s.level) for s in items), mixed_polite=mixed_polite)


def column_flag_rates(
    path: Path | None = None, *, rows: int | None = None, mixed_polite: bool = False
) -> dict[str, FlagRate]:
    """Corpus cells against their column's level (the first `rows` rows, or all)."""
    table = read_rows(path or default_tsv_path())[:rows]
    pairs = [
        (row[column].strip(), level)
        for row in table
        for column, level in COLUMN_LEVELS.items()
        if (row.get(column) or "").strip()
    ]
    return flag_rates(pairs, mixed_polite=mixed_polite)
