"""Replay recorded driver turns against an assistant and judge them again.

A replay runs the real engine (same adapters, judges, target bookkeeping, records) with the
simulator replaced by the recording's driver turns (`icatest.engine.script`). Each replay opens a
fresh assistant session named `<conversation id>~<n>`, so a server that keeps memory per session
starts clean while the built-in reference assistant rolls the same fault dice as the original.

A failure is a (turn, label) pair. A failure of the original conversation *reproduced* when the
same label fires at the same turn in every replay, is *flaky* when it fires in some, and is *gone*
when it fires in none; labels that fire in a replay but not in the original are *new*.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from icatest.catalog import Catalog, load_catalog
from icatest.contracts.labels import Mode
from icatest.contracts.records import ConversationRecord
from icatest.contracts.scenario import Context, Persona, Scenario, Seed
from icatest.engine.plan import AssistantLanguage, ConversationPlan, open_conversation
from icatest.engine.run import run_conversation
from icatest.engine.script import DriverScript
from icatest.judges.setup import RoleBinding
from icatest.sut.options import SutOptions

Failure = tuple[int, str]  # (turn index, failure label)
_sessions = itertools.count(1)


def failures_of(record: ConversationRecord) -> set[Failure]:
    """Every (turn, label) the turn judge flagged in a record."""
    return {
        (t.turn_number, f.label.value)
        for t in record.turns
        if t.evaluation is not None
        for f in t.evaluation.findings
    }


def scenario_for(record: ConversationRecord, script: DriverScript, session: str) -> Scenario:
    """The scenario of a replay: the record's context, persona name, language and speech level,
    and exactly as many turns as the script (baseline mode: no early stop, no strategies)."""
    context = {"id": "replay", **record.context}
    return Scenario(
        conversation_id=session,
        seed=Seed(id=record.seed_id, phrase=record.seed_phrase, targets=script.targets),
        seed_pool=record.seed_pool,
        context=Context.model_validate(context),
        persona=Persona(name=record.persona, description="a replayed driver"),
        mode=Mode.BASELINE,
        max_turns=max(1, len(script.turns)),
        rng_seed=record.rng_seed,
        language=record.language,  # type: ignore[arg-type]
        speech_level=record.speech_level,  # type: ignore[arg-type]
    )


@dataclass
class Replayer:
    """An opened assistant and bound judges: replays scripts, one fresh session each."""

    assistant: Any
    plan: ConversationPlan
    binding: RoleBinding
    catalog: Catalog
    judged: int = 0

    async def run(self, record: ConversationRecord, script: DriverScript) -> ConversationRecord:
        session_id = f"{record.conversation_id.split('~', 1)[0]}~{next(_sessions)}"
        scenario = scenario_for(record, script, session_id)
        async with open_conversation(
            self.plan, scenario, self.assistant, self.catalog, binding=self.binding, script=script
        ) as runtime:
            replayed = await run_conversation(scenario, runtime)
        self.judged += 1
        return replayed


@asynccontextmanager
async def open_replayer(
    *,
    sut: str | None,
    sut_config: Path | None = None,
    models: Mapping[str, str] | None = None,
    data_dir: Path | None = None,
    reference_opts: Mapping[str, Any] | None = None,
    language: str = "en",
    speech_level: str | None = None,
    sut_options: SutOptions | None = None,
) -> AsyncIterator[Replayer]:
    """Open the assistant once (the reference assistant is started here) and bind the judges."""
    from icatest.sut.adapters import open_assistant

    roles = {"simulator": "offline", "turn_judge": "offline", "conversation_judge": "offline"}
    roles.update(models or {})
    plan = ConversationPlan(models=roles)
    binding = plan.bind()
    told = AssistantLanguage(language, speech_level)
    reference: Any = told.reference_options(reference_opts)  # checked by start_background
    async with open_assistant(
        sut,
        sut_config,
        options=sut_options,
        variables=told.variables(),
        **reference,
    ) as assistant:
        yield Replayer(assistant, plan, binding, load_catalog(data_dir))


@dataclass
class ReplayOutcome:
    """N replays of one conversation compared with the original."""

    conversation_id: str
    times: int
    original: set[Failure]
    counts: Counter[Failure] = field(default_factory=Counter)
    errors: int = 0  # replays that ended in an assistant or internal error

    def status(self, failure: Failure) -> str:
        k = self.counts[failure]
        return "reproduced" if k == self.times else ("flaky" if k else "gone")

    @property
    def new(self) -> list[Failure]:
        return sorted(f for f in self.counts if f not in self.original)

    def summary(self) -> dict[str, Any]:
        return {
            "conversation_id": self.conversation_id,
            "times": self.times,
            "errors": self.errors,
            "failures": [
                {
                    "turn": t,
                    "label": lab,
                    "status": self.status((t, lab)),
                    "reproduced_in": self.counts[(t, lab)],
                }
                for t, lab in sorted(self.original)
            ],  # fmt: skip
            "new": [
                {"turn": t, "label": lab, "seen_in": self.counts[(t, lab)]} for t, lab in self.new
            ],
        }

    @property
    def verdict(self) -> str:
        """reproduced (every original failure every time), gone (none ever), else flaky."""
        states = {self.status(f) for f in self.original}
        if not states:
            return "no failures"
        if states == {"reproduced"}:
            return "reproduced"
        return "gone" if states == {"gone"} else "flaky"


async def replay(replayer: Replayer, record: ConversationRecord, times: int = 1) -> ReplayOutcome:
    """Replay a conversation `times` times and count which of its failures came back."""
    from icatest.regression.script import recording

    script = recording(record).script()
    outcome = ReplayOutcome(record.conversation_id, times, failures_of(record))
    for _ in range(times):
        replayed = await replayer.run(record, script)
        if replayed.termination_reason.value in ("sut_unreachable", "sut_error", "internal_error"):
            outcome.errors += 1
        outcome.counts.update(failures_of(replayed))
    return outcome
