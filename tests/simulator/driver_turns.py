"""Driver turns of the offline simulator, from whole offline conversations with the reference
assistant (many seeds, personas and contexts; guided and baseline), for the coherence checker.

Used by tests/simulator/test_coherence.py and experiments/simulator_coherence.py (the documented
figures). English pools only: the coherence rules read English.
"""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass

from icatest.catalog import load_catalog
from icatest.catalog.scenarios import make_scenario
from icatest.contracts.labels import Mode
from icatest.engine.plan import ConversationPlan, open_conversation
from icatest.engine.run import run_conversation
from icatest.sut.adapters import open_assistant

OFFLINE = {"simulator": "offline", "turn_judge": "offline", "conversation_judge": "offline"}


@dataclass(frozen=True)
class DriverTurn:
    conversation: str
    mode: str
    clock: str  # the context's HH:MM
    utterance: str
    earlier: tuple[str, ...]  # the driver's previous utterances


async def _collect(n_turns: int, start_seed: int) -> list[DriverTurn]:
    catalog = load_catalog(None)
    pools = [p for p in catalog.seed_pools.values() if p.language == "en"]
    personas = sorted(n for n, p in catalog.personas.items() if p.language == "en")
    contexts = sorted(c.id for c in catalog.contexts)
    plan = ConversationPlan(models=OFFLINE)
    binding = plan.bind()
    out: list[DriverTurn] = []
    async with open_assistant("reference", None) as assistant:
        for i in itertools.count(start_seed):
            if len(out) >= n_turns:
                break
            pool = pools[i % len(pools)]
            mode = Mode.GUIDED if i % 2 == 0 else Mode.BASELINE
            scenario = make_scenario(
                catalog,
                seed_pool=pool.pool,
                persona=personas[(i // 2) % len(personas)],
                mode=mode,
                context_id=contexts[(i // 3) % len(contexts)],
                rng_seed=i,
                conversation_id=f"coherence-{i}",
            )
            async with open_conversation(
                plan, scenario, assistant, catalog, binding=binding
            ) as runtime:
                record = await run_conversation(scenario, runtime)
            said = [t.user for t in record.turns]
            out += [
                DriverTurn(
                    record.conversation_id, mode.value, scenario.context.time, u, tuple(said[:k])
                )
                for k, u in enumerate(said)
            ]
    return out[:n_turns]


def driver_turns(n_turns: int, start_seed: int = 0) -> list[DriverTurn]:
    return asyncio.run(_collect(n_turns, start_seed))
