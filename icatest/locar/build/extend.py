"""Stage `extend`: multi-turn instances (3-5 turns, task kept) grown from single-turn seeds.

One conversational pattern per multi-turn KPI; the target turn is the turn where the pattern's
behaviour shows. A generator model writes the turns from the pattern definition and the seed;
the offline builder uses fixed bilingual templates around the seed's own question and
reference (plus a neighbouring seed of the same use case and language where the pattern needs
a second topic). Seeds stay in the output; a `--multi-turn-share` of them is extended.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from typing import Any

from pydantic import Field

from icatest.contracts import Strict
from icatest.llm import ModelGateway
from icatest.locar.build.models import PATTERNS, Draft, Pattern, StageReport, Turn
from icatest.locar.build.qa import ROLE, Progress, sentences

MIN_TURNS, MAX_TURNS = 3, 5

PATTERN_DEFINITIONS: dict[Pattern, str] = {
    "clarification": "the user's first request is ambiguous; the assistant asks a clarifying "
    "question before answering (target: that clarifying turn)",
    "retention": "after a side question the user refers back to the first topic; the assistant "
    "recalls it correctly (target: the turn that refers back)",
    "refinement": "the user asks to narrow or shorten the previous answer; the assistant "
    "refines it (target: the refined answer)",
    "reflection": "the user corrects what they meant; the assistant reflects the correction "
    "instead of insisting (target: the corrected answer)",
    "proactive": "the assistant volunteers a relevant next step or warning the user did not "
    "ask for (target: the proactive suggestion)",
    "troubleshooting": "the user reports a problem that persists after the first advice; the "
    "assistant escalates with the next diagnostic step (target: the follow-up advice)",
}

_T: dict[str, dict[str, str]] = {
    "vague": {"en": "I have a question about {topic_area}.",
              "ko": "{topic_area} 관련해서 궁금한 게 있어."},
    "clarify": {"en": "Sure. What would you like to know about {topic_area}? For example, I can "
                      "explain {topic}.",
                "ko": "네, {topic_area}에 관해 어떤 점이 궁금하십니까? 예를 들어 {topic}에 대해 "
                      "알려 드릴 수 있습니다."},
    "thanks": {"en": "Okay, thanks.", "ko": "알겠어, 고마워."},
    "welcome": {"en": "You're welcome. Drive safely.",
                "ko": "도움이 되어 기쁩니다. 안전 운전하십시오."},
    "recall": {"en": "Going back to my first question: {question}",
               "ko": "아까 처음에 물어본 거 다시: {question}"},
    "short": {"en": "Just give me the short version.", "ko": "짧게 요약해 줘."},
    "meant": {"en": "Sorry, that's not what I meant. {question}",
              "ko": "아니, 그게 아니라. {question}"},
    "leaving": {"en": "Okay, I'm about to set off.", "ko": "알겠어, 이제 출발할게."},
    "suggest": {"en": "Before you go, one more thing: {tip}",
                "ko": "출발하시기 전에 한 가지 더 알려 드립니다. {tip}"},
    "broken": {"en": "I have a problem: {question}", "ko": "문제가 있어. {question}"},
    "still": {"en": "I tried that, and it still doesn't work.", "ko": "해 봤는데 여전히 안 돼."},
    "escalate": {"en": "Please stop in a safe place and restart the vehicle. If the problem "
                       "continues, contact a service centre.",
                 "ko": "안전한 곳에 정차한 뒤 차량을 다시 시동하십시오. 문제가 계속되면 서비스 "
                       "센터에 문의하십시오."},
    "nav_area": {"en": "navigation", "ko": "길 안내"},
    "nav_tip": {"en": "I can also find parking near your destination if you like.",
                "ko": "원하시면 목적지 근처 주차장도 찾아 드리겠습니다."},
}


class TurnOut(Strict):
    question: str
    reference: str


class MultiTurn(Strict):
    turns: list[TurnOut] = Field(description=f"{MIN_TURNS}-{MAX_TURNS} question/reference pairs")
    target_turn: int = Field(description="0-based index of the turn that tests the pattern")


def _t(name: str, language: str, **kw: str) -> str:
    return _T[name][language].format(**kw)


def _path(source: str) -> list[str]:
    return source.partition("#")[2].split("/")


def _first_sentence(text: str) -> str:
    parts = sentences(text)
    return parts[0] if parts else text


def _tip(seed: dict[str, Any], lang: str) -> str:
    """A warning or value sentence from the grounding text not already in the answer."""
    grounding = seed.get("grounding") or ""
    answer = seed["turns"][0]["reference"]
    for s in sentences(grounding):
        if s not in answer and re.search(r"\d", s):
            return s
    for s in sentences(grounding):
        if s not in answer:
            return s
    return _t("nav_tip", lang)


def offline_extend(variables: dict[str, Any]) -> dict[str, Any]:
    """Pattern templates around the seed (and a neighbour seed) in the seed's language."""
    seed, other, pattern = variables["seed"], variables["neighbour"], variables["pattern"]
    lang = seed["language"]
    q, r = seed["turns"][0]["question"], seed["turns"][0]["reference"]
    oq, orf = other["turns"][0]["question"], other["turns"][0]["reference"]
    path = _path(seed["source"])
    manual = seed["use_case"] == "car_expert"
    area = path[0] if manual else _t("nav_area", lang)
    topic = path[-1] if manual else q
    end = (_t("thanks", lang), _t("welcome", lang))
    turns: list[tuple[str, str]]
    if pattern == "clarification":
        turns, target = [(_t("vague", lang, topic_area=area),
                          _t("clarify", lang, topic_area=area, topic=topic)), (q, r), end], 0
    elif pattern == "retention":
        turns, target = [(q, r), (oq, orf), (_t("recall", lang, question=q), r)], 2
    elif pattern == "refinement":
        turns, target = [(q, r), (_t("short", lang), _first_sentence(r)), end], 1
    elif pattern == "reflection":
        turns, target = [(q, r), (_t("meant", lang, question=oq), orf), end], 1
    elif pattern == "proactive":
        turns, target = [(q, r), (_t("leaving", lang),
                                  _t("suggest", lang, tip=_tip(seed, lang))), end], 1
    else:  # troubleshooting
        turns, target = [(_t("broken", lang, question=q), r),
                         (_t("still", lang), _t("escalate", lang)), end], 1
    return {"turns": [{"question": a, "reference": b} for a, b in turns], "target_turn": target}


def _grounded(seed: Draft, reference: str) -> bool:
    """Turns whose reference is the seed's own grounded answer (checked by the filter)."""
    return seed.turns[0].grounded and reference in seed.turns[0].reference


async def extend_one(
    gateway: ModelGateway, seed: Draft, neighbour: Draft, pattern: Pattern, report: StageReport
) -> Draft | None:
    variables = {"seed": seed.model_dump(), "neighbour": neighbour.model_dump(),
                 "pattern": pattern, "definition": PATTERN_DEFINITIONS[pattern],
                 "min_turns": MIN_TURNS, "max_turns": MAX_TURNS}
    result = await gateway.structured(ROLE, "kpi_build_extend", variables, MultiTurn,
                                      offline=offline_extend)
    if result.value is None:
        report.drop("generator_unscored")
        return None
    out = result.value
    if not MIN_TURNS <= len(out.turns) <= MAX_TURNS:
        report.drop("turn_count_out_of_range")
        return None
    if not 0 <= out.target_turn < len(out.turns):
        report.drop("target_turn_out_of_range")
        return None
    turns = [Turn(question=t.question, reference=t.reference,
                  grounded=_grounded(seed, t.reference))
             for t in out.turns]
    report.count(f"pattern:{pattern}")
    return seed.model_copy(update={
        "id": f"{seed.id}.mt-{pattern}", "turns": turns, "target_turn": out.target_turn,
        "pattern": pattern, "parent": seed.id, "kpis": [pattern]})


def _neighbour(seed: Draft, pool: list[Draft], rng: random.Random) -> Draft:
    same = [d for d in pool if d.language == seed.language and d.use_case == seed.use_case
            and d.source != seed.source]
    return rng.choice(same) if same else seed


async def extend(
    gateway: ModelGateway,
    drafts: list[Draft],
    *,
    share: float = 0.5,
    rng_seed: int = 0,
    concurrency: int = 4,
    progress: Progress | None = None,
) -> tuple[list[Draft], StageReport]:
    """Keep every input; add a multi-turn instance for a `share` of the single-turn seeds,
    patterns assigned round-robin so each KPI gets its share."""
    start = time.perf_counter()
    rng = random.Random(rng_seed)
    report = StageReport(stage="extend", count_in=len(drafts), count_out=0,
                         options={"multi_turn_share": share, "rng_seed": rng_seed})
    seeds = [d for d in drafts if not d.multi_turn]
    chosen = sorted(rng.sample(range(len(seeds)), round(share * len(seeds))))
    gate = asyncio.Semaphore(concurrency)

    async def run(k: int, i: int) -> Draft | None:
        seed = seeds[i]
        pattern = PATTERNS[k % len(PATTERNS)]
        async with gate:
            made = await extend_one(gateway, seed, _neighbour(seed, seeds, rng), pattern, report)
        if progress:
            progress(1)
        return made

    made = await asyncio.gather(*(run(k, i) for k, i in enumerate(chosen)))
    out = [*drafts, *(m for m in made if m is not None)]
    report.count_out = len(out)
    report.count("single_turn_kept", len(drafts))
    report.models = {ROLE: gateway.spec(ROLE).label()}
    report.prompt_versions = {k: v for k, v in gateway.prompt_versions.items() if "extend" in k}
    report.seconds = round(time.perf_counter() - start, 3)
    return out, report
