"""Stage `qa`: single-turn question/reference pairs per manual subsection and per taxonomy
subcategory, through the `generator` role.

With a model, the prompt asks for questions at three specificity levels with references copied
or closely paraphrased from the subsection. The offline generator is extractive: procedural
questions from headings with numbered steps, general questions from headings, exact-value
questions from sentences holding a number with a unit (the value blanked in the question); the
references are the subsection's own sentences. Taxonomy QA offline fills the shipped templates.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import time
from collections.abc import Callable
from typing import Any

from pydantic import Field

from icatest.contracts import Role, Strict
from icatest.llm import ModelGateway
from icatest.locar.build.manual import ManualUnit, detect_language
from icatest.locar.build.models import Draft, Language, Specificity, StageReport, Turn
from icatest.locar.build.taxonomy import Category, Subcategory, Taxonomy, fill, slot_combinations

ROLE = Role.KPI_GENERATOR
Progress = Callable[[int], None]

_UNIT = (r"%|kW|kWh|km/h|km|mph|psi|kPa|bar|mm|cm|°C|°F|minutes?|hours?|seconds?|"
         r"분|시간|초|도")
_VALUE = re.compile(rf"(?<![\w.])\d+(?:[.,]\d+)?\s*(?:{_UNIT})")
_SENTENCE = re.compile(r"(?<=[.!?])\s+|(?<=[다요])\.\s*|\n")


class QAPair(Strict):
    question: str = Field(description="what a driver would ask, in the section's language")
    reference: str = Field(description="the answer, grounded in the section text only")
    specificity: Specificity = Field(description="general | procedural | exact_value")


class QAList(Strict):
    pairs: list[QAPair] = Field(description="question/reference pairs")


def sentences(text: str) -> list[str]:
    """Plain sentence split on terminal punctuation and line breaks; step lines excluded."""
    out: list[str] = []
    for line in text.splitlines():
        if re.match(r"^\s*(?:\d+[.)]|[-*•])\s+", line):
            continue
        parts = re.split(r"(?<=[.!?])\s+", line.strip())
        out.extend(p.strip() for p in parts if p.strip())
    return out


def _step_text(step: str) -> str:
    return step if step.endswith((".", "!", "?")) else step + "."


def _procedural_question(heading: str) -> str:
    """'Opening the port' -> 'What are the steps for opening the port?'; 'Open the port' ->
    'How do I open the port?'; noun headings -> 'How do I use the <heading>?'."""
    first = heading.split()[0].lower() if heading.split() else ""
    if first.endswith("ing"):
        return f"What are the steps for {heading.lower()}?"
    if first in _VERBS:
        return f"How do I {heading.lower()}?"
    return f"How do I use the {heading.lower()}?"


_VERBS = {"open", "close", "set", "use", "turn", "check", "change", "replace", "connect",
          "adjust", "start", "stop", "charge", "reset", "pair", "install", "remove", "clean"}


def offline_unit_qa(variables: dict[str, Any]) -> dict[str, Any]:
    """Extractive QA for one subsection (the offline `generator`)."""
    heading: str = variables["heading"]
    language: Language = variables["language"]
    text: str = variables["text"]
    steps: list[str] = variables["steps"]
    limit: int = variables["per_section"]
    prose = sentences(text)
    pairs: list[dict[str, str]] = []
    if steps:
        q = _procedural_question(heading) if language == "en" else f"{heading} 어떻게 해?"
        pairs.append({"question": q, "reference": " ".join(_step_text(s) for s in steps),
                      "specificity": "procedural"})
    if prose:
        q = (f"What should I know about {heading.lower()}?" if language == "en"
             else f"{heading}에 대해 알려 줘.")
        pairs.append({"question": q, "reference": " ".join(prose[:2]), "specificity": "general"})
    for sentence in prose:
        m = _VALUE.search(sentence)
        if not m:
            continue
        cloze = sentence[: m.start()] + "___" + sentence[m.end():]
        q = (f"{heading}: what is the value in \"{cloze}\"?" if language == "en"
             else f"{heading}: \"{cloze}\"에서 빈칸 값은 뭐야?")
        pairs.append({"question": q, "reference": sentence, "specificity": "exact_value"})
    return {"pairs": pairs[:limit]}


def offline_taxonomy_qa(variables: dict[str, Any]) -> dict[str, Any]:
    """Templates filled from slot values (the offline `generator` for taxonomies)."""
    sub = Subcategory.model_validate(variables["subcategory"])
    language: Language = variables["language"]
    pairs = []
    for values in slot_combinations(sub, variables["per_section"]):
        for t in sub.templates:
            pairs.append({"question": fill(t.question.get(language), values, language),
                          "reference": fill(t.reference.get(language), values, language),
                          "specificity": "scenario"})
    return {"pairs": pairs[: variables["per_section"]]}


def _key(text: str) -> str:
    safe = re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-")
    return safe if safe and safe == text else hashlib.sha1(text.encode()).hexdigest()[:10]


async def unit_drafts(
    gateway: ModelGateway, unit: ManualUnit, per_section: int, report: StageReport
) -> list[Draft]:
    variables = {"heading": unit.heading, "path": " / ".join(unit.path), "text": unit.text,
                 "steps": list(unit.steps), "language": unit.language,
                 "per_section": per_section}
    result = await gateway.structured(ROLE, "kpi_build_qa", variables, QAList,
                                      offline=offline_unit_qa)
    if result.value is None:
        report.drop(f"generator_unscored: {result.error}")
        return []
    key = _key(unit.pair_key or unit.source)
    drafts = []
    for i, pair in enumerate(result.value.pairs[:per_section]):
        if detect_language(pair.question + pair.reference) != unit.language:
            report.drop("wrong_language")
            continue
        report.count(f"manual:{pair.specificity}")
        drafts.append(Draft(
            id=f"m.{unit.language}.{key}.{pair.specificity[:4]}{i}", use_case="car_expert",
            language=unit.language, turns=[Turn(question=pair.question, reference=pair.reference,
                                                 grounded=True)],
            source=unit.source, specificity=pair.specificity, grounding=unit.text,
            pair_key=unit.pair_key))
    return drafts


async def taxonomy_drafts(
    gateway: ModelGateway, taxonomy: Taxonomy, cat: Category, sub: Subcategory,
    language: Language, per_section: int, report: StageReport,
) -> list[Draft]:
    variables = {"subcategory": sub.model_dump(), "category": cat.name, "language": language,
                 "per_section": per_section}
    result = await gateway.structured(ROLE, "kpi_build_taxonomy_qa", variables, QAList,
                                      offline=offline_taxonomy_qa)
    if result.value is None:
        report.drop(f"generator_unscored: {result.error}")
        return []
    source = f"{taxonomy.name}#{cat.key}/{sub.key}"
    drafts = []
    for i, pair in enumerate(result.value.pairs[:per_section]):
        report.count(f"taxonomy:{cat.key}")
        drafts.append(Draft(
            id=f"t.{language}.{cat.key}.{sub.key}.{i}", use_case=taxonomy.use_case,
            language=language, turns=[Turn(question=pair.question, reference=pair.reference)],
            source=source, specificity="scenario", grounding=None,
            pair_key=f"{cat.key}.{sub.key}.{i}"))
    return drafts


async def generate_qa(
    gateway: ModelGateway,
    units: list[ManualUnit],
    taxonomy: Taxonomy | None,
    *,
    per_section: int = 3,
    languages: tuple[Language, ...] = ("ko", "en"),
    concurrency: int = 4,
    progress: Progress | None = None,
) -> tuple[list[Draft], StageReport]:
    """All units and subcategories, `concurrency` generator calls at a time, order kept."""
    start = time.perf_counter()
    report = StageReport(stage="qa", count_in=0, count_out=0,
                         options={"per_section": per_section})
    jobs: list[Any] = [unit_drafts(gateway, u, per_section, report) for u in units]
    if taxonomy is not None:
        jobs += [taxonomy_drafts(gateway, taxonomy, c, s, lang, per_section, report)
                 for c, s in taxonomy.subcategories() for lang in languages]
    report.count_in = len(jobs)
    gate = asyncio.Semaphore(concurrency)

    async def run(job: Any) -> list[Draft]:
        async with gate:
            out: list[Draft] = await job
        if progress:
            progress(1)
        return out

    batches = await asyncio.gather(*(run(j) for j in jobs))
    drafts = [d for batch in batches for d in batch]
    report.count_out = len(drafts)
    report.models = {ROLE: gateway.spec(ROLE).label()}
    report.prompt_versions = dict(gateway.prompt_versions)
    n_sub = len(taxonomy.subcategories()) if taxonomy else 0
    report.notes.append(f"{len(units)} manual subsections, {n_sub} taxonomy subcategories")
    report.seconds = round(time.perf_counter() - start, 3)
    return drafts, report
