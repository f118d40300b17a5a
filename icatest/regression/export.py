"""Export a run's failures as a regression suite: one case per distinct failure.

Distinct = one failure type within one embedding cluster of the failing conversations (the same
clustering as `icatest cluster`); of each (type, cluster) group the conversation with the fewest
turns is kept. Each case is shrunk when a replayer is given and shrinking reproduces the failure;
its assertions say the failure must not come back ("no turn is X" for a shrunk case, "turn N is
not X" for a case kept whole).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from icatest.analysis.clusters import cluster_runs
from icatest.analysis.embedding import Embedder
from icatest.analysis.run import Run
from icatest.contracts.records import ConversationRecord
from icatest.engine.script import DriverScript
from icatest.regression.replay import Replayer, failures_of
from icatest.regression.script import recording
from icatest.regression.shrink import shrink
from icatest.regression.suite import Assertion, Case, CaseTurn, Suite


@dataclass(frozen=True)
class Pick:
    label: str
    record: ConversationRecord
    cluster: int


def pick_failures(run: Run, embedder: Embedder | None) -> list[Pick]:
    """One conversation per (failure type, embedding cluster), the shortest of each group."""
    failing = [r for r in run.records if r.success_decision == "fail" and failures_of(r)]
    cluster_of: dict[str, int] = {}
    if embedder is not None and len(failing) >= 3:
        clusters, _ = cluster_runs([run], embedder)
        cluster_of = {i["conversation_id"]: i["cluster"] for i in clusters["items"]}
    groups: dict[tuple[str, int], ConversationRecord] = {}
    for record in failing:
        for label in sorted({lab for _, lab in failures_of(record)}):
            key = (label, cluster_of.get(record.conversation_id, 0))
            best = groups.get(key)
            if best is None or len(record.turns) < len(best.turns):
                groups[key] = record
    ordered = sorted(groups.items(), key=lambda kv: kv[0])
    return [Pick(label, rec, cluster) for (label, cluster), rec in ordered]


def _case_turns(script: DriverScript) -> list[CaseTurn]:
    from icatest.contracts.scenario import TargetSpec

    return [
        CaseTurn(
            say=t.utterance,
            new_targets=[TargetSpec.model_validate(n.model_dump()) for n in t.new_targets],
            addresses=list(t.addressed_target_ids),
            # a case holds its targets' constraints from turn 0: a condition voiced later is,
            # in a case, one that turn adds
            adds_constraints=_merged(
                [*t.constraint_additions, *(v for v in t.voiced_constraints if n > 0)]
            ),
            drops=list(t.dropped_target_ids),
        )
        for n, t in enumerate(script.turns)
    ]


def _merged(said: list[Any]) -> dict[str, list[str]]:
    """target id -> constraints, over additions and voicings (each once, in order)."""
    out: dict[str, list[str]] = {}
    for s in said:
        held = out.setdefault(s.target_id, [])
        held += [c for c in s.constraints if c not in held]
    return out


def _first_turn_targets(script: DriverScript) -> list[Any]:
    """The script's targets with the constraints its first turn says (a case holds them all
    from turn 0; those never said are left out, as the engine never held them)."""
    first = script.turns[0].voiced_constraints if script.turns else []
    said = {v.target_id: v.constraints for v in first}
    return [
        spec.model_copy(update={"constraints": list(said.get(f"t{i + 1}", []))})
        for i, spec in enumerate(script.targets)
    ]


def _case_id(label: str, conversation_id: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", f"{label}--{conversation_id}")


def build_case(
    pick: Pick, run_name: str, script: DriverScript, expect: list[Assertion], note: str
) -> Case:
    record = pick.record
    return Case(
        id=_case_id(pick.label, record.conversation_id),
        description=f"{pick.label} found in run {run_name}, conversation "
        f"{record.conversation_id} ({note})",
        session=record.conversation_id,
        source={
            "run": run_name,
            "conversation": record.conversation_id,
            "seed_pool": record.seed_pool,
            "seed_id": record.seed_id,
        },  # fmt: skip
        seed_phrase=record.seed_phrase,
        persona=record.persona,
        language=record.language,  # type: ignore[arg-type]
        speech_level=record.speech_level,  # type: ignore[arg-type]
        context=record.context,
        targets=_first_turn_targets(script),
        turns=_case_turns(script),
        expect=expect,
    )


async def export_suite(
    run: Run,
    *,
    embedder: Embedder | None,
    replayer: Replayer | None = None,
    replays: int = 1,
    required: int = 1,
    on_case: Callable[[Case, dict[str, Any]], None] | None = None,
) -> Suite:
    """The suite of a run's distinct failures (shrunk when `replayer` is given)."""
    cases = []
    for pick in pick_failures(run, embedder):
        rec = recording(pick.record)
        info: dict[str, Any] = {"label": pick.label, "before": len(rec.turns), "after": None}
        result = None
        if replayer is not None:
            result = await shrink(replayer, pick.record, pick.label, n=replays, k=required)
        if result is not None and result.reproduced:
            script = rec.script(result.kept, frozenset(result.dropped_constraints))
            expect = [Assertion(anywhere_not=pick.label)]  # type: ignore[arg-type]
            note = f"shrunk from {result.before} to {result.after} turns"
            info["after"] = result.after
        else:
            script = rec.script()
            turns = sorted({t for t, lab in failures_of(pick.record) if lab == pick.label})
            expect = [Assertion(turn=t, not_label=pick.label) for t in turns]  # type: ignore[arg-type]
            note = "kept whole: " + ("not reproduced on replay" if result else "not shrunk")
        case = build_case(pick, run.name, script, expect, note)
        cases.append(case)
        if on_case is not None:
            on_case(case, info)
    if not cases:
        raise ValueError(f"{run.name}: no failing conversation with a labelled turn to export")
    return Suite(name=f"icatest suite from {run.name}", cases=cases)
