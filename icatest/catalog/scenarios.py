"""Turn catalog names into one concrete Scenario (the only place a Scenario is assembled)."""

from __future__ import annotations

import random
import uuid

from icatest.catalog.loader import Catalog
from icatest.contracts.labels import BASELINE_MAX_TURNS, Mode
from icatest.contracts.scenario import Context, Scenario
from icatest.errors import NotFoundError

NEUTRAL_PERSONA = "neutral"
NEUTRAL_BY_LANGUAGE = {"en": NEUTRAL_PERSONA, "ko": "korean_neutral"}
DEFAULT_CONTEXT = Context(
    id="default", location="Marienplatz, Munich", date="2026-06-12", time="12:00"
)


def make_scenario(
    catalog: Catalog,
    *,
    seed_pool: str,
    seed_id: str | None = None,
    persona: str = NEUTRAL_PERSONA,
    mode: Mode = Mode.GUIDED,
    max_turns: int = 8,
    context_id: str | None = None,
    rng_seed: int = 0,
    conversation_id: str | None = None,
    language: str = "en",
    speech_level: str | None = None,
    channel: str = "text",
) -> Scenario:
    """Pick the seed and context (randomly but reproducibly when not named).

    Baseline mode forces the neutral persona and a fixed turn budget, as in DESIGN.md.
    """
    rng = random.Random(rng_seed)
    pool = catalog.seed_pool(seed_pool)
    if seed_id is None:
        seed = rng.choice(pool.seeds)
    else:
        matches = [s for s in pool.seeds if s.id == seed_id]
        if not matches:
            raise NotFoundError(f"seed {seed_id!r} is not in pool {seed_pool!r}")
        seed = matches[0]
    context = _pick_context(catalog, context_id, rng)
    if mode is Mode.BASELINE:  # the neutral driver of the same language
        language_of = catalog.persona(persona).language
        persona, max_turns = NEUTRAL_BY_LANGUAGE[language_of], BASELINE_MAX_TURNS
    p = catalog.persona(persona)
    lang = p.language if p.language != "en" else language
    level = speech_level or p.speech_level
    return Scenario(
        conversation_id=conversation_id or uuid.UUID(int=rng.getrandbits(128)).hex,
        seed=seed,
        seed_pool=seed_pool,
        context=context,
        persona=p,
        mode=mode,
        max_turns=max_turns,
        rng_seed=rng_seed,
        language="ko" if lang == "ko" else "en",
        speech_level=level,
        channel=channel,
    )


def _pick_context(catalog: Catalog, context_id: str | None, rng: random.Random) -> Context:
    if context_id is not None:
        for c in catalog.contexts:
            if c.id == context_id:
                return c
        known = ", ".join(c.id for c in catalog.contexts) or "none"
        raise NotFoundError(f"unknown context {context_id!r} (known: {known})")
    return rng.choice(catalog.contexts) if catalog.contexts else DEFAULT_CONTEXT
