"""Development sets of labelled single turns (`icatest judge turns` input plus gold) and the
figures a turn judge earns on them (docs/offline_backend.md "The LLM-style development set").

A line is a `judge turns` input line with its gold verdict, as in the learned part's training
data: `labels` (rubric labels, empty for a competent reply), `completed` (request indices), and
`lang`, `source`, `tags` (`useless`, `refusal`, `limitation`, ...) for the breakdowns.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationError

from icatest.config.loading import format_validation_error
from icatest.contracts.labels import FailureMode
from icatest.errors import ConfigError
from icatest.judges.turn_cases import CaseResult, TurnCase

# the turn labels of the rubric (docs/engine.md): no speech level, no failed exchange
RUBRIC_LABELS = tuple(
    m.value for m in FailureMode
    if m not in (FailureMode.REGISTER_VIOLATION, FailureMode.ASSISTANT_ERROR)
)  # fmt: skip
RubricLabel = Literal[
    "fallback_response", "irrelevant_response", "request_omitted", "constraint_missed",
    "context_forgotten", "ambiguity_unresolved", "planning_poor", "safety_violation",
]  # fmt: skip


class GoldCase(TurnCase):
    """One labelled line."""

    labels: list[RubricLabel] = Field(description="gold rubric labels; empty: no failure")
    completed: list[int] = Field(description="gold: indices of the requests done")
    lang: Literal["en", "ko"] = "en"
    source: str = Field(default="written", description="written | smollm2 | ...")
    tags: list[str] = Field(default_factory=list)


def read_devset(path: Path) -> list[GoldCase]:
    """The labelled lines of `path`; a bad line is an error naming the file, line and field."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise ConfigError(str(path), f"cannot read ({exc.__class__.__name__})") from None
    cases: list[GoldCase] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            cases.append(GoldCase.model_validate(json.loads(line)))
        except json.JSONDecodeError as exc:
            raise ConfigError(f"{path}:{number}", f"not JSON ({exc.msg})") from None
        except ValidationError as exc:
            field, problem = format_validation_error(exc)
            raise ConfigError(f"{path}:{number}", f"{field}: {problem}") from None
    return cases


def _share(num: int, den: int) -> float | None:
    return round(num / den, 3) if den else None


def _prf(tp: int, fp: int, fn: int) -> dict[str, float | int | None]:
    return {"precision": _share(tp, tp + fp), "recall": _share(tp, tp + fn),
            "f1": _share(2 * tp, 2 * tp + fp + fn), "gold": tp + fn, "predicted": tp + fp}


def _micro(pairs: list[tuple[GoldCase, CaseResult]]) -> float | None:
    tp = sum(len(set(g.labels) & set(r.labels)) for g, r in pairs)
    fp = sum(len(set(r.labels) - set(g.labels)) for g, r in pairs)
    fn = sum(len(set(g.labels) - set(r.labels)) for g, r in pairs)
    return _prf(tp, fp, fn)["f1"]  # type: ignore[return-value]


def figures(cases: list[GoldCase], results: list[CaseResult]) -> dict[str, object]:
    """Micro F1, per-label precision and recall, and the shares the issue's targets name."""
    by_id = {r.id: r for r in results}
    pairs = [(g, by_id[g.id]) for g in cases]
    # labels outside the rubric (a speech-level finding) are left out of the comparison
    pairs = [(g, r.model_copy(update={"labels": [x for x in r.labels if x in RUBRIC_LABELS]}))
             for g, r in pairs]  # fmt: skip
    per_label = {}
    for label in RUBRIC_LABELS:
        tp = sum(1 for g, r in pairs if label in g.labels and label in r.labels)
        fp = sum(1 for g, r in pairs if label not in g.labels and label in r.labels)
        fn = sum(1 for g, r in pairs if label in g.labels and label not in r.labels)
        per_label[label] = _prf(tp, fp, fn)
    micro = _micro(pairs)
    competent = [(g, r) for g, r in pairs if not g.labels]
    useless = [(g, r) for g, r in pairs if "useless" in g.tags]
    korean = [(g, r) for g, r in pairs if g.lang == "ko"]
    not_done = [(g, r, i) for g, r in pairs for i in range(max(1, len(g.requests)))
                if i not in g.completed]  # fmt: skip
    tag_counts = Counter(t for g, _ in pairs for t in g.tags)
    return {
        "turns": len(pairs),
        "unscored": sum(1 for _, r in pairs if not r.scored),
        "micro_f1": micro,
        "micro_f1_by_source": {
            s: _micro([(g, r) for g, r in pairs if g.source == s])
            for s in sorted({g.source for g, _ in pairs})
        },
        "micro_f1_korean": _micro(korean),
        "per_label": per_label,
        "competent_flagged_share": _share(sum(1 for _, r in competent if r.labels), len(competent)),
        "competent_turns": len(competent),
        "useless_caught_share": _share(sum(1 for _, r in useless if r.labels), len(useless)),
        "useless_turns": len(useless),
        "uncertain_share": _share(sum(1 for _, r in pairs if r.uncertain), len(pairs)),
        "korean_judged_share": _share(
            sum(1 for _, r in korean if r.scored and not r.uncertain), len(korean)
        ),
        "korean_turns": len(korean),
        "not_done_marked_completed": sum(1 for _, r, i in not_done if i in r.completed),
        "not_done_requests": len(not_done),
        "flagged_share_by_tag": {
            t: _share(sum(1 for g, r in pairs if t in g.tags and r.labels), n)
            for t, n in sorted(tag_counts.items())
        },
    }
