"""Which scenario comes i-th: a pure function of (rng_seed, i) over the catalog.

Seeds are visited in a shuffled order, each once per epoch (coverage before repetition); the
persona, turn budget and context of scenario i come from their own random streams. Seed and
context streams do not depend on the mode, so a baseline and a guided arm with the same rng_seed
talk about the same seeds in the same contexts. Resume and Dask workers rebuild scenario i from
(rng_seed, i) alone.

With `trials` K, the campaign hands out slots: slot s is trial s % K of scenario s // K (the
trials of a scenario run side by side, so a budget that ends the run cuts at most the last
scenarios short). A trial repeats every coordinate of its scenario, its rng_seed included; only
the conversation id differs, and it keys every random draw of the offline roles and of the
reference assistant's faults (model roles also sample).
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import asdict, dataclass
from typing import Any

from icatest.campaigns.config import CampaignConfig
from icatest.catalog import Catalog
from icatest.catalog.scenarios import make_scenario
from icatest.contracts import Mode, Scenario
from icatest.errors import ConfigError


@dataclass(frozen=True)
class ScenarioPlan:
    """The sampled coordinates of one scenario (plain data: picklable, loggable); `index` is
    the campaign slot (scenario x trials + trial), what resume counts as done."""

    index: int
    conversation_id: str
    seed_pool: str
    seed_id: str
    persona: str
    mode: Mode
    max_turns: int
    context_id: str | None
    rng_seed: int
    speech_level: str | None = None
    trial: int = 0
    trials: int = 1
    channel: str = "text"

    @property
    def scenario_index(self) -> int:
        return self.index // self.trials

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _stream(rng_seed: int, name: str, *parts: int) -> random.Random:
    text = ":".join([str(rng_seed), name, *map(str, parts)])
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


class ScenarioSampler:
    """Plans scenarios for one campaign config against one catalog."""

    def __init__(self, config: CampaignConfig, catalog: Catalog, run_id: str) -> None:
        self.config = config
        self.run_id = run_id
        if config.mode == Mode.GUIDED:
            catalog.require_strategies()
        pools = config.seed_pools or sorted(catalog.seed_pools)
        if not pools:
            raise ConfigError(str(catalog.root), "no seed pools found", "seeds")
        self.seeds: list[tuple[str, str]] = []
        for name in pools:
            pool = catalog.seed_pool(name)
            self.seeds.extend((pool.pool, seed.id) for seed in pool.seeds)
        if not self.seeds:
            raise ConfigError(str(catalog.root), f"seed pools {pools} hold no seeds", "seeds")
        # a required Korean speech level, or only Korean pools, default to Korean-speaking drivers
        korean_pools = all(catalog.seed_pool(name).language == "ko" for name in pools)
        language = "ko" if config.speech_level or korean_pools else "en"
        speakers = [p.name for p in catalog.personas.values() if p.language == language]
        self.personas = config.effective_personas(speakers)
        for persona in self.personas:
            catalog.persona(persona)  # unknown names fail now, not mid-run
        self.turn_budgets = config.effective_turn_budgets()
        self.contexts = [c.id for c in catalog.contexts]

    def plan(self, slot: int) -> ScenarioPlan:
        trials = self.config.trials
        index, trial = divmod(slot, trials)
        seed = self.config.rng_seed
        epoch, pos = divmod(index, len(self.seeds))
        order = list(range(len(self.seeds)))
        _stream(seed, "seeds", epoch).shuffle(order)
        pool, seed_id = self.seeds[order[pos]]
        context = _stream(seed, "context", index).choice(self.contexts) if self.contexts else None
        cid = f"{self.run_id}-{index:05d}" + (f"-t{trial}" if trials > 1 else "")
        return ScenarioPlan(
            index=slot,
            conversation_id=cid,
            seed_pool=pool,
            seed_id=seed_id,
            persona=_stream(seed, "persona", index).choice(self.personas),
            mode=self.config.mode,
            max_turns=_stream(seed, "turns", index).choice(self.turn_budgets),
            context_id=context,
            rng_seed=_stream(seed, "conversation", index).randrange(2**31),
            speech_level=self.config.speech_level,
            trial=trial,
            trials=trials,
            channel=self.config.channel,
        )


def slot_of(record: dict[str, Any], trials: int) -> int | None:
    """The campaign slot a stored record fills (None: a record from outside a campaign)."""
    index = record.get("scenario_index")
    if not isinstance(index, int):
        return None
    trial = record.get("trial") or 0
    return index * trials + int(trial)


def build_scenario(catalog: Catalog, plan: ScenarioPlan) -> Scenario:
    """Scenario i, assembled by the catalog's one scenario factory."""
    return make_scenario(
        catalog,
        seed_pool=plan.seed_pool,
        seed_id=plan.seed_id,
        persona=plan.persona,
        mode=plan.mode,
        max_turns=plan.max_turns,
        context_id=plan.context_id,
        rng_seed=plan.rng_seed,
        conversation_id=plan.conversation_id,
        speech_level=plan.speech_level,
        channel=plan.channel,
    )
