"""Three assistants that help nobody, in-process: a parrot that restates the request, a generic
confirmer, and an ELIZA-style therapist. A judge that passes their conversations measures
nothing; `pass_rates` runs them through guided and baseline conversations with the offline
judges (also used by experiments/benchmarks/offline_judge_figures.py for the documented figures).
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable
from dataclasses import dataclass

from icatest.catalog.loader import load_catalog
from icatest.catalog.scenarios import make_scenario
from icatest.contracts import Mode
from icatest.engine import Runtime, run_conversation
from icatest.judges.setup import bind_roles
from icatest.llm.gateway import ModelGateway
from icatest.sut.adapters import CallPolicy, InProcessAssistant

POOLS = ("poi_search", "navigation_constraints", "multi_stop", "ev_charging", "information",
         "vehicle_settings", "mixed")

_SWAP = {"i": "you", "me": "you", "my": "your", "i'm": "you're", "am": "are", "you": "I",
         "your": "my", "we": "you", "our": "your"}


def parrot(utterance: str, history: list[dict[str, str]]) -> str:
    """Restates the request in the driver's own words."""
    text = utterance.strip().rstrip("?.!")
    return f"OK, {text[:1].lower()}{text[1:]}."


def generic(utterance: str, history: list[dict[str, str]]) -> str:
    return "Sure, I've taken care of that. Anything else?"


_ELIZA = (
    (r"\bi need (.*)", ("Why do you need {0}?", "Would it really help you to get {0}?")),
    (r"\bi want (.*)", ("What would it mean to you if you got {0}?", "Why do you want {0}?")),
    (r"\b(?:can|could) you (.*)", ("What makes you think I can {0}?",
                                   "Perhaps you would like to be able to {0} yourself.")),
    (r"\btake me (.*)", ("Why do you want me to take you {0}?",)),
    (r"\bwhy (.*)", ("Why do you think {0}?",)),
    (r"\b(?:is|are) there (.*)", ("Do you think there is {0}?",)),
    (r"(.*)\?$", ("Why do you ask that?", "What do you think?")),
    (r"(.*)", ("Please tell me more.", "How does that make you feel?", "I see. Go on.",
               "Let's talk about how you are feeling today.")),
)


def _reflect(fragment: str) -> str:
    return " ".join(_SWAP.get(w.lower(), w) for w in fragment.rstrip("?.!").split())


def eliza(utterance: str, history: list[dict[str, str]]) -> str:
    """A small ELIZA: reflects the driver's words back as a question about their feelings."""
    rng = random.Random(utterance)
    for pattern, answers in _ELIZA:
        m = re.search(pattern, utterance.strip(), re.I)
        if m:
            return rng.choice(answers).format(*(_reflect(g) for g in m.groups()))
    return "Please go on."


ASSISTANTS: dict[str, Callable[[str, list[dict[str, str]]], str]] = {
    "parrot": parrot, "generic": generic, "eliza": eliza,
}


@dataclass(frozen=True)
class Rate:
    passes: int
    conversations: int
    uncertain_turns: int  # scored turns with a request the judge abstained on
    scored_turns: int


async def _run(assistant: Callable[..., str], mode: Mode, n: int, seed: int) -> Rate:
    catalog = load_catalog()
    binding = bind_roles({"simulator": "offline", "turn_judge": "offline",
                          "conversation_judge": "offline"})
    gateway = ModelGateway(roles=binding.roles)
    policy = CallPolicy(timeout_s=5.0, retries=0)
    passes = uncertain = scored = 0
    for i in range(n):
        scenario = make_scenario(catalog, seed_pool=POOLS[i % len(POOLS)], mode=mode,
                                 max_turns=6, rng_seed=seed + i, persona="neutral")
        session = InProcessAssistant(assistant, policy=policy).session(scenario.conversation_id)
        runtime = Runtime(session=session, gateway=gateway, catalog=catalog,
                          judges=binding.judges)
        record = await run_conversation(scenario, runtime)
        passes += record.success_decision == "pass"
        verdicts = [t.evaluation for t in record.turns if t.evaluation and t.evaluation.scored]
        scored += len(verdicts)
        uncertain += sum(1 for v in verdicts if v.uncertain)
    return Rate(passes, n, uncertain, scored)


def pass_rates(n: int, seed: int = 0) -> dict[tuple[str, str], Rate]:
    """(assistant, mode) -> passes, conversations and the judge's uncertain turns."""
    return {
        (name, mode.value): asyncio.run(_run(fn, mode, n, seed))
        for name, fn in ASSISTANTS.items()
        for mode in (Mode.GUIDED, Mode.BASELINE)
    }
