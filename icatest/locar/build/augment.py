"""Stage `augment`: speech levels, keyword-style user fragments, English translations.

* Every Korean system answer is produced in each requested level (hae / haeyo / hapsyo): by the
  `generator` model when one is bound, else by the honorifics package's offline rewriter. Each
  rewritten answer is checked by the speech-level verifier; an instance with any answer that
  fails is dropped, and the manifest counts it under `rewrite_failed_verification:<level>`.
* A `fragments_share` of instances get one user turn rewritten as a keyword fragment (Korean:
  the honorifics package's Kiwi-based `fragment`; English: content words, stop words dropped).
* `translate=("en",)` asks the generator model to translate Korean instances that have no
  English counterpart (same section key). Offline translation is not available: the stage keeps
  the English instances that come from the manual's English sections and says so in the manifest.

The honorifics functions are used, not reimplemented; they are imported when the stage runs.
"""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import Field

from icatest.contracts import Strict
from icatest.llm import ModelGateway
from icatest.locar.build.models import Draft, Level, StageReport, Turn
from icatest.locar.build.qa import ROLE, Progress

_EN_STOP = set("""a an the i me my we our you your it its is are was were be been am do does did
to of in on at for with about from by and or but so if then than that this these those there
here what which who whom how can could would should will shall may might must please just
now some any get got have has had tell know let like want need""".split())


@dataclass(frozen=True)
class Styler:
    """The honorifics package's offline functions (verify, rewrite, fragment)."""

    verify: Callable[[str, str], Any]
    rewrite: Callable[[str, str], Any]
    fragment: Callable[[str], str]


def load_styler() -> Styler:
    """Import the honorifics package lazily (it loads Kiwi, a few seconds)."""
    from icatest.locar.honorifics import verify
    from icatest.locar.honorifics.fragments import fragment
    from icatest.locar.honorifics.rewriter import rewrite

    return Styler(verify=verify, rewrite=rewrite, fragment=fragment)


class Rewritten(Strict):
    text: str = Field(description="the text with every sentence in the target speech level")


class Translated(Strict):
    turns: list[Turn] = Field(description="the turns translated to English, same order")


def english_fragment(text: str) -> str:
    """Content words only: 'How do I open the charging port?' -> 'open charging port'."""
    words = re.findall(r"[A-Za-z0-9°%/'-]+", text)
    kept = [w for w in words if w.lower() not in _EN_STOP]
    return " ".join(kept[:6])


def _chance(key: str, rng_seed: int) -> float:
    """A stable pseudo-random number in [0, 1) per instance family (all levels agree)."""
    digest = hashlib.sha256(f"{rng_seed}:{key}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


async def _rewrite(gateway: ModelGateway, styler: Styler, text: str, level: Level) -> str:
    result = await gateway.structured(
        ROLE, "kpi_build_rewrite", {"text": text, "level": level}, Rewritten,
        offline=lambda _: {"text": styler.rewrite(text, level).text})
    return result.value.text if result.value else ""


async def level_variants(
    gateway: ModelGateway, styler: Styler, draft: Draft, levels: tuple[Level, ...],
    report: StageReport,
) -> list[Draft]:
    out = []
    for level in levels:
        turns: list[Turn] = []
        failed = None
        for turn in draft.turns:
            text = await _rewrite(gateway, styler, turn.reference, level)
            check = styler.verify(text, level) if text else None
            if check is None or not check.ok:
                failed = "rewrite_unscored" if check is None else "rewrite_failed_verification"
                break
            turns.append(turn.model_copy(update={"reference": text}))
        if failed:
            report.drop(f"{failed}:{level}")
            continue
        report.count(f"level:{level}")
        out.append(draft.model_copy(update={
            "id": f"{draft.id}.{level}", "speech_level": level, "turns": turns,
            "parent": draft.parent or draft.id}))
    return out


def with_fragment(draft: Draft, styler: Styler | None) -> Draft | None:
    """The draft with one user turn (the target turn) turned into a keyword fragment."""
    index = draft.target_turn
    turn = draft.turns[index]
    if draft.language == "ko":
        assert styler is not None
        text = styler.fragment(turn.question).strip()
    else:
        text = english_fragment(turn.question)
    if not text or text == turn.question:
        return None
    turns = list(draft.turns)
    turns[index] = turn.model_copy(update={"question": text, "fragment": True})
    return draft.model_copy(update={"turns": turns})


async def translate(
    gateway: ModelGateway, drafts: list[Draft], report: StageReport
) -> list[Draft]:
    """English versions of Korean drafts without an English counterpart (model only)."""
    english = {(d.pair_key, d.specificity, d.pattern) for d in drafts if d.language == "en"}
    missing = [d for d in drafts if d.language == "ko"
               and (d.pair_key, d.specificity, d.pattern) not in english]
    report.count("english_from_bilingual_sections", sum(d.language == "en" for d in drafts))
    if gateway.spec(ROLE).is_offline:
        report.notes.append("translation is not available offline: kept the English instances "
                            "of the manual's English sections; "
                            f"{len(missing)} Korean instances have no English version")
        report.count("translation_unavailable_offline", len(missing))
        return []
    out = []
    for d in missing:
        result = await gateway.structured(
            ROLE, "kpi_build_translate", {"turns": [t.model_dump() for t in d.turns]},
            Translated, offline=lambda v: v)
        if result.value is None or len(result.value.turns) != len(d.turns):
            report.drop("translation_unscored")
            continue
        turns = [t.model_copy(update={"grounded": False}) for t in result.value.turns]
        report.count("translated")
        out.append(d.model_copy(update={"id": f"{d.id}.en", "language": "en", "turns": turns,
                                        "translated": True, "parent": d.id}))
    return out


async def augment(
    gateway: ModelGateway,
    drafts: list[Draft],
    *,
    levels: tuple[Level, ...] = ("hae", "haeyo", "hapsyo"),
    fragments_share: float = 0.2,
    translate_to: tuple[str, ...] = (),
    rng_seed: int = 0,
    styler: Styler | None = None,
    progress: Progress | None = None,
) -> tuple[list[Draft], StageReport]:
    start = time.perf_counter()
    report = StageReport(stage="augment", count_in=len(drafts), count_out=0, options={
        "levels": ",".join(levels), "fragments_share": fragments_share,
        "translate": ",".join(translate_to), "rng_seed": rng_seed})
    if any(d.language == "ko" for d in drafts) and styler is None:
        styler = load_styler()
    pool = list(drafts)
    if "en" in translate_to:
        pool += await translate(gateway, drafts, report)
    out: list[Draft] = []
    for d in pool:
        if d.language == "ko" and d.speech_level is None:
            assert styler is not None
            variants = await level_variants(gateway, styler, d, levels, report)
        else:
            variants = [d]
        if _chance(d.id, rng_seed) < fragments_share:
            fragmented = [with_fragment(v, styler) for v in variants]
            if all(f is not None for f in fragmented):
                variants = [f for f in fragmented if f is not None]
                report.count("fragment", len(variants))
        out.extend(variants)
        if progress:
            progress(1)
    report.count_out = len(out)
    report.models = {ROLE: gateway.spec(ROLE).label()}
    report.prompt_versions = {k: v for k, v in gateway.prompt_versions.items()
                              if k in ("kpi_build_rewrite", "kpi_build_translate")}
    report.seconds = round(time.perf_counter() - start, 3)
    return out, report
