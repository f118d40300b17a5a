"""Stage `dedup`: rule-based quality filter, optional model quality check, near-duplicate removal.

Near-duplicates are found with character n-gram Jaccard similarity on the whole dialogue text
(questions and references, whitespace and punctuation removed, NFKC-lowercased): bigrams for
Korean, where one syllable carries much of a word, trigrams for English. Two instances are
duplicates when the similarity reaches `threshold` (default 0.85). Comparison happens only
within one (language, speech level, pattern) group, so the three speech-level versions of one
answer, or a single-turn seed and its multi-turn extension, are never each other's duplicates.
The first instance (input order) of a duplicate group is kept.

Rules: `empty` (a blank question or reference), `too_short` (a reference under 4 characters
of content), `ungrounded` (a turn marked as taken from the manual whose reference shares less
than `grounding_threshold` of its character n-grams with the subsection text).
"""

from __future__ import annotations

import re
import time
import unicodedata

from pydantic import Field

from icatest.contracts import Strict
from icatest.llm import ModelGateway
from icatest.locar.build.models import Draft, StageReport
from icatest.locar.build.qa import ROLE, Progress

_NOISE = re.compile(r"[\W_]+", re.UNICODE)
MIN_REFERENCE_CHARS = 4


def normalize(text: str) -> str:
    return _NOISE.sub("", unicodedata.normalize("NFKC", text).lower())


def ngrams(text: str, n: int) -> set[str]:
    norm = normalize(text)
    if len(norm) < n:
        return {norm} if norm else set()
    return {norm[i : i + n] for i in range(len(norm) - n + 1)}


def ngram_size(language: str) -> int:
    return 2 if language == "ko" else 3


def jaccard(a: set[str], b: set[str]) -> float:
    if not a and not b:
        return 1.0
    return len(a & b) / len(a | b)


def containment(part: set[str], whole: set[str]) -> float:
    """Share of `part`'s n-grams found in `whole`."""
    return len(part & whole) / len(part) if part else 0.0


def dialogue_text(d: Draft) -> str:
    return " ".join(f"{t.question} {t.reference}" for t in d.turns)


def rule_problem(d: Draft, grounding_threshold: float) -> str | None:
    """The first rule an instance breaks, or None."""
    if any(not t.question.strip() or not t.reference.strip() for t in d.turns):
        return "empty"
    if any(len(normalize(t.reference)) < MIN_REFERENCE_CHARS for t in d.turns):
        return "too_short"
    if d.grounding:
        n = ngram_size(d.language)
        source = ngrams(d.grounding, n)
        for t in d.turns:
            if t.grounded and containment(ngrams(t.reference, n), source) < grounding_threshold:
                return "ungrounded"
    return None


def near_duplicates(drafts: list[Draft], threshold: float) -> list[tuple[int, int, float]]:
    """(dropped index, kept index, similarity) for every instance that duplicates an earlier one."""
    kept: dict[tuple[str, str | None, str | None], list[tuple[int, set[str]]]] = {}
    dupes = []
    for i, d in enumerate(drafts):
        grams = ngrams(dialogue_text(d), ngram_size(d.language))
        group = kept.setdefault((d.language, d.speech_level, d.pattern), [])
        match = None
        for j, other in group:
            small, large = sorted((len(grams), len(other)))
            if large and small / large < threshold:  # Jaccard can't reach the threshold
                continue
            sim = jaccard(grams, other)
            if sim >= threshold:
                match = (i, j, round(sim, 3))
                break
        if match:
            dupes.append(match)
        else:
            group.append((i, grams))
    return dupes


class Quality(Strict):
    ok: bool = Field(description="true when the item is answerable from its references, fluent "
                     "and a realistic in-car request")
    reason: str = Field(description="one short sentence")


async def model_quality(gateway: ModelGateway, d: Draft) -> Quality | None:
    result = await gateway.structured(
        ROLE, "kpi_build_quality",
        {"turns": [t.model_dump() for t in d.turns], "grounding": d.grounding or "",
         "language": d.language}, Quality, offline=lambda v: {"ok": True, "reason": "offline"})
    return result.value


async def dedup(
    gateway: ModelGateway,
    drafts: list[Draft],
    *,
    threshold: float = 0.85,
    grounding_threshold: float = 0.5,
    progress: Progress | None = None,
) -> tuple[list[Draft], StageReport]:
    """Rules first, then the model check (only with a real generator), then near-duplicates."""
    start = time.perf_counter()
    report = StageReport(stage="dedup", count_in=len(drafts), count_out=0, options={
        "threshold": threshold, "grounding_threshold": grounding_threshold,
        "ngram": "ko=2,en=3"})
    use_model = not gateway.spec(ROLE).is_offline
    passed: list[Draft] = []
    for d in drafts:
        problem = rule_problem(d, grounding_threshold)
        if problem is None and use_model:
            verdict = await model_quality(gateway, d)
            problem = ("quality_unscored" if verdict is None
                       else None if verdict.ok else "model_quality")
        if problem:
            report.drop(problem)
        else:
            passed.append(d)
        if progress:
            progress(1)
    if not use_model:
        report.notes.append("model quality check skipped: generator is offline")
    dupes = near_duplicates(passed, threshold)
    for i, j, sim in dupes[:20]:
        report.notes.append(f"near-duplicate {passed[i].id} ~ {passed[j].id} ({sim})")
    if dupes:
        report.drop("near_duplicate", len(dupes))
    gone = {i for i, _, _ in dupes}
    out = [d for i, d in enumerate(passed) if i not in gone]
    report.count_out = len(out)
    report.models = {ROLE: gateway.spec(ROLE).label()} if use_model else {}
    report.prompt_versions = {k: v for k, v in gateway.prompt_versions.items()
                              if k == "kpi_build_quality"}
    report.seconds = round(time.perf_counter() - start, 3)
    return out, report
