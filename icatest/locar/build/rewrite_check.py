"""How often the offline rewriter's output passes the verifier at the requested level.

Used to measure the augmentation stage on the honorifics package's labelled test set: every
sentence with a known level is rewritten to each *other* level, then judged twice: `ok` (the
verifier finds no sentence clearly of another level: what the augment stage requires) and
`exact` (every sentence is classified as the requested level: the stricter view).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass
class LevelAgreement:
    total: int = 0
    ok: int = 0
    exact: int = 0
    failures: list[tuple[str, str, str]] = field(default_factory=list)  # (source, level, output)

    @property
    def ok_rate(self) -> float:
        return self.ok / self.total if self.total else 0.0

    @property
    def exact_rate(self) -> float:
        return self.exact / self.total if self.total else 0.0


def rewrite_agreement(sentences: Iterable[tuple[str, str]]) -> dict[str, LevelAgreement]:
    """`sentences`: (text, gold level). Returns per target level, plus `all`."""
    from icatest.locar.honorifics import verify
    from icatest.locar.honorifics.rewriter import rewrite

    levels = ("hae", "haeyo", "hapsyo")
    stats = {name: LevelAgreement() for name in (*levels, "all")}
    for text, gold in sentences:
        if gold not in levels:
            continue
        for level in levels:
            if level == gold:
                continue
            out = rewrite(text, level).text
            check = verify(out, level)
            exact = bool(check.sentences) and all(s.level == level for s in check.sentences)
            for name in (level, "all"):
                s = stats[name]
                s.total += 1
                s.ok += check.ok
                s.exact += exact
                if not check.ok:
                    s.failures.append((text, level, out))
    return stats
