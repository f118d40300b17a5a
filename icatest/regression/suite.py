"""Regression suites: the YAML format, export from a run, and running a suite against an assistant.

A suite is a list of cases; a case is a scripted conversation (context, the targets it starts
with, the driver's turns) plus assertions on the judged replies. Cases are run with the same
engine, adapters and judges as campaigns (`icatest.regression.replay`), each `repeat` times: a
case *holds* when its assertions hold in every repeat, *fails* when they hold in none, and is
*flaky* otherwise. The format is strict (unknown keys are errors) and meant to be edited by hand;
`suite_schema()` is its JSON schema.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from icatest.analysis.trials import pass_hat_k
from icatest.contracts.labels import FailureMode, TargetStatus
from icatest.contracts.records import ConversationRecord, Target, TurnRecord
from icatest.contracts.scenario import TargetSpec
from icatest.regression.script import DriverTurn, Recording


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CaseTurn(_Strict):
    say: str = Field(description="what the driver says")
    new_targets: list[TargetSpec] = Field(
        default_factory=list, description="goals this utterance introduces (ids continue t1, t2…)"
    )
    addresses: list[str] = Field(default_factory=list, description="target ids it pushes")
    adds_constraints: dict[str, list[str]] = Field(
        default_factory=dict, description="target id -> constraints added to it"
    )
    drops: list[str] = Field(default_factory=list, description="target ids the driver drops")


ASSERTION_FIELDS = ("turn", "not_label", "anywhere_not", "target", "completed")
ASSERTION_KINDS = ({"turn", "not_label"}, {"anywhere_not"}, {"target", "completed"})


class Assertion(_Strict):
    """Exactly one of: `turn` + `not_label`, `anywhere_not`, or `target` + `completed`."""

    turn: int | None = Field(default=None, ge=0, description="0-based turn of the case")
    not_label: FailureMode | None = Field(default=None, description="label the turn must not get")
    anywhere_not: FailureMode | None = Field(default=None, description="label no turn may get")
    target: str | None = Field(default=None, description="target id, e.g. t1")
    completed: bool | None = Field(default=None, description="whether the target must complete")

    @model_validator(mode="after")
    def _one_kind(self) -> Assertion:
        given = {name for name in ASSERTION_FIELDS if getattr(self, name) is not None}
        if given not in ASSERTION_KINDS:
            raise ValueError(
                "an assertion is exactly one of {turn, not_label}, {anywhere_not} or "
                f"{{target, completed}}; got {sorted(given) or 'nothing'}"
            )
        return self

    def describe(self) -> str:
        if self.anywhere_not is not None:
            return f"no turn is {self.anywhere_not.value}"
        if self.target is not None:
            return f"target {self.target} {'completed' if self.completed else 'not completed'}"
        assert self.not_label is not None
        return f"turn {self.turn} is not {self.not_label.value}"

    def holds(self, record: ConversationRecord) -> bool:
        labels = {
            (t.turn_number, f.label)
            for t in record.turns
            if t.evaluation
            for f in t.evaluation.findings
        }
        if self.anywhere_not is not None:
            return all(lab != self.anywhere_not for _, lab in labels)
        if self.target is not None:
            target = next((t for t in record.targets if t.id == self.target), None)
            done = target is not None and target.status == TargetStatus.COMPLETED
            return done == self.completed
        return (self.turn, self.not_label) not in labels


class Case(_Strict):
    id: str = Field(min_length=1, description="unique within the suite")
    description: str = ""
    session: str | None = Field(
        default=None,
        description="conversation id the assistant sees (default: the case id); the reference "
        "assistant's seeded faults follow it",
    )
    source: dict[str, str] = Field(default_factory=dict, description="where the case came from")
    seed_phrase: str = ""
    persona: str = "neutral"
    language: Literal["en", "ko"] = "en"
    speech_level: Literal["hae", "haeyo", "hapsyo"] | None = None
    context: dict[str, Any] = Field(
        default_factory=dict, description="location, date, time, vehicle"
    )
    targets: list[TargetSpec] = Field(default_factory=list, description="goals at the start: t1…")
    turns: list[CaseTurn] = Field(min_length=1)
    expect: list[Assertion] = Field(min_length=1)

    def record_stub(self) -> ConversationRecord:
        """The case as a conversation record with no replies: what the replay engine reads."""
        targets = [
            Target(id=f"t{i + 1}", introduced_turn=0, **spec.model_dump())
            for i, spec in enumerate(self.targets)
        ]
        turns = []
        for n, turn in enumerate(self.turns):
            for spec in turn.new_targets:
                targets.append(
                    Target(id=f"t{len(targets) + 1}", introduced_turn=n, **spec.model_dump())
                )
            turns.append(TurnRecord(turn_number=n, user=turn.say, system=None))
        return ConversationRecord(
            conversation_id=self.session or self.id,
            mode="baseline",
            seed_id=self.id,
            seed_pool=self.source.get("seed_pool", "suite"),
            seed_phrase=self.seed_phrase or self.turns[0].say,
            persona=self.persona,
            context=self.context,
            max_turns=len(self.turns),
            turns=turns,
            targets=targets,
            termination_reason="max_turns_reached",
            language=self.language,
            speech_level=self.speech_level,
        )

    def recording(self) -> Recording:
        """The case's driver turns, with each turn's new targets taking the next ids."""
        specs: dict[str, TargetSpec] = {}
        for i, spec in enumerate(self.targets):
            specs[f"t{i + 1}"] = spec
        turns = []
        for n, turn in enumerate(self.turns):
            new = []
            for spec in turn.new_targets:
                tid = f"t{len(specs) + 1}"
                specs[tid] = spec
                new.append(tid)
            # a case's goals hold their constraints from the turn that raises them
            raised = list(dict.fromkeys([*(specs if n == 0 else ()), *new]))
            turns.append(
                DriverTurn(
                    turn.say,
                    new,
                    list(turn.addresses),
                    dict(turn.adds_constraints),
                    list(turn.drops),
                    {t: list(specs[t].constraints) for t in raised if specs[t].constraints},
                )  # fmt: skip
            )
        initial = [f"t{i + 1}" for i in range(len(self.targets))]
        return Recording(initial=initial, specs=specs, turns=turns)


class Suite(_Strict):
    version: Literal[1] = 1
    name: str = "icatest regression suite"
    cases: list[Case] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_ids(self) -> Suite:
        ids = [c.id for c in self.cases]
        dup = sorted({i for i in ids if ids.count(i) > 1})
        if dup:
            raise ValueError(f"case ids must be unique; repeated: {', '.join(dup)}")
        return self


def suite_schema() -> dict[str, Any]:
    return Suite.model_json_schema()


class CaseResult(BaseModel):
    id: str
    status: Literal["holds", "fails", "flaky", "error"]
    repeats: int
    failed_repeats: int
    broken: list[str] = Field(default_factory=list, description="assertions broken in any repeat")
    seconds: float = 0.0
    error: str | None = None
    repeat_broken: list[list[str]] = Field(
        default_factory=list, description="per repeat with a verdict: assertions it broke"
    )
    pass_hat_k: dict[str, float] = Field(
        default_factory=dict,
        description="k -> C(c, k) / C(n, k) over the n repeats with a verdict, c holding",
    )
    quarantined: bool = Field(default=False, description="flaky, kept from failing the build")


async def run_case(replayer: Any, case: Case, repeat: int) -> CaseResult:
    import time

    started = time.perf_counter()
    record = case.record_stub()
    script = case.recording().script()
    failed, broken, errors = 0, [], []
    runs: list[list[str]] = []
    for _ in range(repeat):
        replayed = await replayer.run(record, script)
        if replayed.termination_reason.value in ("sut_unreachable", "sut_error", "internal_error"):
            errors.append(replayed.termination_reason.value)
            continue
        bad = [a.describe() for a in case.expect if not a.holds(replayed)]
        runs.append(bad)
        failed += bool(bad)
        broken += [b for b in bad if b not in broken]
    holding = sum(1 for bad in runs if not bad)
    hat = {str(k): pass_hat_k(len(runs), holding, k) for k in range(1, len(runs) + 1)}
    seconds = time.perf_counter() - started
    if errors:
        return CaseResult(
            id=case.id, status="error", repeats=repeat, failed_repeats=failed, broken=broken,
            seconds=seconds, error=f"{len(errors)} of {repeat} repeats ended in {errors[0]}",
            repeat_broken=runs, pass_hat_k=hat,
        )  # fmt: skip
    status = "holds" if failed == 0 else ("fails" if failed == repeat else "flaky")
    return CaseResult(
        id=case.id, status=status, repeats=repeat, failed_repeats=failed, broken=broken,
        seconds=seconds, repeat_broken=runs, pass_hat_k=hat,
    )  # fmt: skip


async def run_suite(
    replayer: Any, suite: Suite, *, repeat: int = 1, concurrency: int = 4
) -> list[CaseResult]:
    """Run every case `repeat` times, `concurrency` cases at a time, in suite order."""
    gate = asyncio.Semaphore(concurrency)

    async def one(case: Case) -> CaseResult:
        async with gate:
            return await run_case(replayer, case, repeat)

    return list(await asyncio.gather(*(one(c) for c in suite.cases)))


def suite_holds(results: Sequence[CaseResult], allow_flaky: bool = False) -> bool:
    ok = {"holds", "flaky"} if allow_flaky else {"holds"}
    return all(r.status in ok for r in results)


def quarantine(results: Sequence[CaseResult]) -> list[CaseResult]:
    """The results with every flaky case marked quarantined (`suite run --quarantine`)."""
    return [r.model_copy(update={"quarantined": r.status == "flaky"}) for r in results]
