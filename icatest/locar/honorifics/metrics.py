"""Verifier accuracy and rewriter success on the labelled test set (pure computation)."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from icatest.locar.honorifics.classifier import classify_sentence
from icatest.locar.honorifics.levels import TARGET_LEVELS, Level
from icatest.locar.honorifics.rewriter import rewrite
from icatest.locar.honorifics.testset import LabelledSentence


class LevelAccuracy(BaseModel):
    n: int
    correct: int
    accuracy: float
    confusion: dict[str, int]


class RewriteSuccess(BaseModel):
    attempts: int
    verifier_ok: int
    verifier_ok_rate: float
    strict: int
    strict_rate: float
    by_target: dict[str, float]


class Evaluation(BaseModel):
    sentences: int
    by_source: dict[str, int]
    accuracy: dict[str, LevelAccuracy]
    rewrite: RewriteSuccess
    classifier_errors: list[dict[str, str]]
    rewrite_failures: list[dict[str, str]]


def accuracy_by_level(items: Sequence[LabelledSentence]) -> tuple[dict[str, LevelAccuracy], list]:
    """Per gold level: how often classify_sentence returns it; plus the misclassified items."""
    confusion: dict[Level, dict[str, int]] = {}
    errors = []
    for item in items:
        predicted = classify_sentence(item.text)
        row = confusion.setdefault(item.level, {})
        row[predicted.value] = row.get(predicted.value, 0) + 1
        if predicted is not item.level:
            errors.append({"ref": f"{item.source}:{item.ref}", "text": item.text,
                           "gold": item.level.value, "predicted": predicted.value})  # fmt: skip
    table = {
        level.value: LevelAccuracy(
            n=sum(row.values()),
            correct=row.get(level.value, 0),
            accuracy=round(row.get(level.value, 0) / max(sum(row.values()), 1), 4),
            confusion=row,
        )
        for level, row in sorted(confusion.items())
    }
    return table, errors


def rewrite_success(items: Sequence[LabelledSentence]) -> tuple[RewriteSuccess, list]:
    """Rewrite each sentence with a known level to each other level and check the result.

    `verifier_ok`: the verifier accepts the rewrite at the target (no sentence clearly of another
    level). `strict`: every sentence of the rewrite is classified exactly at the target level, which
    also counts rewrites that became `unknown` (e.g. 커피요 -> 커피) as failures.
    """
    attempts = ok = strict = 0
    per_target: dict[str, list[int]] = {level.value: [0, 0] for level in TARGET_LEVELS}
    failures = []
    for item in items:
        if item.level is Level.UNKNOWN:
            continue
        for target in TARGET_LEVELS:
            if target is item.level:
                continue
            result = rewrite(item.text, target)
            attempts += 1
            ok += result.ok
            exact = bool(result.sentences) and all(s.level is target for s in result.sentences)
            strict += exact
            per_target[target.value][0] += 1
            per_target[target.value][1] += result.ok
            if not result.ok or not exact:
                failures.append({"text": item.text, "target": target.value,
                                 "rewritten": result.text, "ok": str(result.ok)})  # fmt: skip
    success = RewriteSuccess(
        attempts=attempts,
        verifier_ok=ok,
        verifier_ok_rate=round(ok / max(attempts, 1), 4),
        strict=strict,
        strict_rate=round(strict / max(attempts, 1), 4),
        by_target={k: round(v[1] / max(v[0], 1), 4) for k, v in per_target.items()},
    )
    return success, failures


def evaluate(items: Sequence[LabelledSentence]) -> Evaluation:
    """All figures reported in docs/honorifics.md."""
    accuracy, errors = accuracy_by_level(items)
    success, failures = rewrite_success(items)
    sources: dict[str, int] = {}
    for item in items:
        sources[item.source] = sources.get(item.source, 0) + 1
    return Evaluation(
        sentences=len(items),
        by_source=sources,
        accuracy=accuracy,
        rewrite=success,
        classifier_errors=errors,
        rewrite_failures=failures,
    )
