"""The offline judge's learned part: does a reply answer a request, where rules cannot tell?

A logistic regression over a compact feature vector per (request, reply) pair: the similarities
the judge already computes (MiniLM) and the acts and evidence its rules read (echo share, new
content words, names, numbers, addresses, questions, fallbacks, confirmations, ...). It is
consulted only in the band where no rule applied and the similarity alone cannot decide
(`judge.OFF_TOPIC` < similarity < `judge.ANSWERS`), and it abstains when its own probability is
not confident. The artefact (`icatest/data/judge/answer_model.json`, a few kB) is rebuilt by
`icatest judge train` from `icatest/data/judge/train.jsonl` (icatest/judges/answer_training.py);
loading it is lazy (first use) and cheap (a JSON file, no scikit-learn at run time).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from icatest.judges.rules import acts, asking, nothing, semantic
from icatest.judges.rules.place_kinds import other_place_kinds, place_kind
from icatest.judges.rules.requests import answer_evidence, request_kind
from icatest.judges.rules.text import (
    ADDRESS,
    NUMBER,
    content_stems,
    distances_km,
    durations,
    minutes_of,
    new_content,
    new_names,
    questions,
    sentences,
    words,
)


@dataclass(frozen=True)
class Pair:
    """One (request, reply) pair as the judge core sees it."""

    description: str
    reply: str
    user: str = ""
    kind: str = ""  # structured hint (TargetKind) when known
    history_users: tuple[str, ...] = ()

ARTEFACT_VERSION = 1
# Bump when a feature's meaning changes: the shipped artefact then no longer matches the code
# (tests/judges/test_answer_model.py) and must be rebuilt with `icatest judge train`.
FEATURE_VERSION = 1
FEATURES = (
    "sim_request",  # cosine similarity of reply and request description
    "sim_user",  # ... and of reply and the driver's utterance
    "sim_history",  # best similarity of reply and the driver's earlier utterances
    "echo_share",  # share of the reply's content words the driver said
    "new_words",  # new content words in the reply (capped, scaled to 0..1)
    "shared_words",  # request content words the reply repeats (capped, scaled)
    "new_names",
    "number",
    "address",
    "distance",
    "time_or_duration",
    "kind_evidence",  # answer evidence for the kind of request (requests.answer_evidence)
    "other_place_kind",  # speaks of another kind of place than the one asked for
    "question_only",
    "clarifying_question",
    "fallback",
    "refusal",
    "contentless",
    "deferral",
    "deflection",
    "confirms_action",
    "reply_length",  # words, log-scaled
)
DATA_PATH = "data/judge/train.jsonl"  # under the icatest package
ARTEFACT_PATH = "data/judge/answer_model.json"
CONFIDENT = 0.75  # the model decides only when P(answers) >= this or <= 1 - this


class AnswerModel(BaseModel):
    """The artefact: a standardised logistic regression, with what it was trained on."""

    model_config = ConfigDict(extra="forbid")

    version: int = Field(description="artefact format version")
    feature_version: int
    features: list[str]
    classes: list[str] = Field(description="class 0, class 1 (the modelled probability)")
    mean: list[float]
    scale: list[float]
    coef: list[float]
    intercept: float
    confident: float = Field(description="decide only when P >= this or P <= 1 - this")
    examples: int
    class_counts: dict[str, int]
    training_accuracy: float
    cv_accuracy: float
    data_sha256: str = Field(description="sha256 of the training data file's bytes")

    def probability(self, x: list[float]) -> float:
        z = self.intercept + sum(
            c * (v - m) / s for c, v, m, s in zip(self.coef, x, self.mean, self.scale, strict=True)
        )
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))


def package_file(relative: str) -> Path:
    return Path(str(resources.files("icatest").joinpath(relative)))


@lru_cache(maxsize=1)
def shipped_model() -> AnswerModel | None:
    """The packaged artefact, read on first use (None when it is missing or for other code)."""
    path = package_file(ARTEFACT_PATH)
    if not path.is_file():
        return None
    model = AnswerModel.model_validate(json.loads(path.read_text(encoding="utf-8")))
    if model.feature_version != FEATURE_VERSION or model.features != list(FEATURES):
        return None  # built for other features: the judge abstains as before
    return model


def _flag(value: object) -> float:
    return 1.0 if value else 0.0


def features(pair: Pair) -> list[float] | None:
    """The feature vector of one (request, reply) pair; None without an embedding model."""
    reply, user, description = pair.reply, pair.user, pair.description
    vectors = semantic.embed([reply, description, user or description, *pair.history_users[-4:]])
    if vectors is None:
        return None
    sims = vectors[1:] @ vectors[0]
    history = [float(s) for s in sims[2:]]
    told, said = content_stems(reply), content_stems(user) | content_stems(description)
    known = (user, description, *pair.history_users)
    kind = request_kind(description, pair.kind)
    asked = place_kind(description) or ""
    values = {
        "sim_request": float(sims[0]),
        "sim_user": float(sims[1]),
        "sim_history": max(history, default=0.0),
        "echo_share": len(told & said) / len(told) if told else 0.0,
        "new_words": min(len(new_content(reply, *known)), 10) / 10,
        "shared_words": min(len(content_stems(description) & told), 5) / 5,
        "new_names": _flag(new_names(reply, *known)),
        "number": _flag(NUMBER.search(reply)),
        "address": _flag(ADDRESS.search(reply)),
        "distance": _flag(distances_km(reply)),
        "time_or_duration": _flag(minutes_of(reply) or durations(reply)),
        "kind_evidence": _flag(answer_evidence(kind, reply, *known)),
        "other_place_kind": _flag(asked and other_place_kinds(reply, asked)),
        "question_only": _flag(questions(reply) and acts.only_questions(reply)),
        "clarifying_question": _flag(asking.clarifying_questions(reply, description, user)),
        "fallback": _flag(acts.is_fallback(reply)),
        "refusal": _flag(acts.is_refusal(reply)),
        "contentless": _flag(nothing.is_contentless(reply, *known)),
        "deferral": _flag(nothing.is_deferral(reply, *known)),
        "deflection": _flag(nothing.is_deflection(reply)),
        "confirms_action": _flag(acts.confirms_action(reply)),
        "reply_length": math.log1p(len(words(reply))) / math.log1p(100),
    }
    if not sentences(reply):
        values["reply_length"] = 0.0
    return [values[name] for name in FEATURES]


def answers(pair: Pair) -> tuple[bool | None, float | None]:
    """The learned decision: True answers, False does not, None not confident (or no model);
    with P(answers) when the model ran."""
    model = shipped_model()
    if model is None:
        return None, None
    x = features(pair)
    if x is None:
        return None, None
    p = model.probability(x)
    if p >= model.confident:
        return True, p
    if p <= 1 - model.confident:
        return False, p
    return None, p
