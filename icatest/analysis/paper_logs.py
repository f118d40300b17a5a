"""Read logs in the published multi-turn framework's format as a run.

Each `conv_*.json` becomes a ConversationRecord so the published conversations can be reported and
clustered next to ours. What the logs do not carry stays empty rather than invented: there are no
wall-clock timestamps (only durations) and no costs (only token counts). The logs' persona
`baseline` marks their unguided arm, so it maps to mode `baseline`; every other persona to `guided`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from icatest.contracts import (
    ConversationRecord,
    ConversationVerdict,
    DimensionScore,
    LabelFinding,
    RoleUsage,
    StrategyStats,
    Target,
    TerminationReason,
    TurnRecord,
    TurnVerdict,
)
from icatest.errors import ConfigError

COMPLETION_REASONS: dict[str, TerminationReason] = {
    "all_targets_completed": TerminationReason.TARGETS_RESOLVED,
    "max_turns_reached": TerminationReason.MAX_TURNS_REACHED,
    "error": TerminationReason.INTERNAL_ERROR,
    "sut_error": TerminationReason.SUT_ERROR,
    "sut_unreachable": TerminationReason.SUT_UNREACHABLE,
}
_ROLE_TASKS = {
    "simulator": ("user_simulator", "followup_utterance_generation"),
    "turn_judge": ("evaluator", "turn_evaluation"),
    "conversation_judge": ("evaluator", "conversation_evaluation_instruction_constraint_adherence"),
}


def read_paper_logs(root: Path) -> tuple[dict[str, Any], list[ConversationRecord]]:
    """All `conv_*.json` of a folder (in `index.json` order when present) as one run's manifest
    and records."""
    index = _read_index(root)
    files = [root / entry["file"] for entry in index] if index else sorted(root.glob("conv_*.json"))
    configs = {entry["file"]: entry.get("config", "") for entry in index}
    records = [_convert(path, configs.get(path.name, "")) for path in files]
    for record in records:
        record.run_id = root.name
    first = _read_json(files[0]) if files else {}
    metadata = first.get("metadata", {})
    manifest: dict[str, Any] = {
        "run_id": root.name,
        "source": "paper_logs",
        "status": "completed",
        "mode": None,
        "started_at": None,
        "ended_at": None,
        "config": {
            "sut": metadata.get("sut_used"),
            "success_metric_config": metadata.get("success_metric_config", {}),
        },
        "models": records[0].models if records else {},
    }
    return manifest, records


def convert_log(data: dict[str, Any], *, seed_id: str, seed_pool: str) -> ConversationRecord:
    """One published log (parsed JSON) as a ConversationRecord."""
    metadata = data.get("metadata", {})
    persona = metadata.get("persona_name", "unknown")
    reason = data.get("completion_reason", "")
    evaluation = data.get("conversation_evaluation") or {}
    return ConversationRecord(
        conversation_id=data["conversation_id"],
        run_id=None,
        mode="baseline" if persona == "baseline" else "guided",
        seed_id=seed_id,
        seed_pool=seed_pool,
        seed_phrase=data.get("seed_phrase", ""),
        persona=persona,
        context={},
        max_turns=data["max_turns"],
        turns=[_turn(t) for t in data.get("turns", [])],
        targets=_targets(data.get("targets", {})),
        discovered_failures=list(data.get("discovered_failures", [])),
        failure_turns=dict(data.get("failure_turns", {})),
        conversation_evaluation=_conversation_verdict(evaluation),
        scores=dict(evaluation.get("scores", {})),
        success_score=data.get("success_score"),
        success_decision=data.get("success_decision"),
        termination_reason=COMPLETION_REASONS.get(reason, TerminationReason.INTERNAL_ERROR),
        is_complete=bool(data.get("is_complete", True)),
        strategy_stats={
            name: StrategyStats(**stats)
            for name, stats in (data.get("trap_effectiveness") or {}).items()
        },
        removed_strategies=dict(data.get("removed_strategies") or {}),
        models=_models(metadata),
        usage=_usage(data.get("token_usage", {}), metadata),
        duration=float(data.get("duration") or 0.0),
        source_completion_reason=reason,
        sut=metadata.get("sut_used"),
    )


def _convert(path: Path, seed_pool: str) -> ConversationRecord:
    try:
        return convert_log(_read_json(path), seed_id=path.stem, seed_pool=seed_pool or "paper_logs")
    except (KeyError, ValidationError, TypeError, ValueError) as exc:
        raise ConfigError(str(path), f"not a log in the published format: {exc}") from exc


def _turn(turn: dict[str, Any]) -> TurnRecord:
    evaluation = turn.get("evaluation") or {}
    rationale = evaluation.get("rationale") or {}
    findings = [
        LabelFinding(label=label, rationale=str(rationale.get(label, "")))
        for label in evaluation.get("failure_labels", [])
    ]
    return TurnRecord(
        turn_number=turn["turn_number"],
        user=turn.get("user", ""),
        system=turn.get("system"),
        latency=float(turn.get("latency") or 0.0),
        strategies=list(turn.get("trap_labels_used") or []),
        strategy_mode=turn.get("strategy_mode"),
        stalled_goals=list(turn.get("stalled_goals") or []),
        evaluation=TurnVerdict(findings=findings, judge="paper_logs") if evaluation else None,
    )


def _targets(targets: dict[str, dict[str, Any]]) -> list[Target]:
    return [
        Target(
            id=f"t{i}",
            description=description,
            status=info.get("status", 0),
            introduced_turn=info.get("introduced_turn", 0),
            completed_turn=info.get("completed_turn"),
        )
        for i, (description, info) in enumerate(targets.items())
    ]


def _conversation_verdict(evaluation: dict[str, Any]) -> ConversationVerdict | None:
    if not evaluation:
        return None
    rationales = evaluation.get("rationales", {})
    return ConversationVerdict(
        scores=[
            DimensionScore(dimension=dim, score=score, rationale=str(rationales.get(dim, "")))
            for dim, score in evaluation.get("scores", {}).items()
        ],
        judge="paper_logs",
    )


def _models(metadata: dict[str, Any]) -> dict[str, str]:
    configs = metadata.get("model_configurations", {})
    models = {}
    for role, (group, task) in _ROLE_TASKS.items():
        model = configs.get(group, {}).get(task, {}).get("model_config")
        if model:
            models[role] = str(model)
    return models


def _usage(token_usage: dict[str, Any], metadata: dict[str, Any]) -> dict[str, RoleUsage]:
    """Per task token counts (`group.task`); the logs carry no costs, so cost stays 0."""
    configs = metadata.get("model_configurations", {})
    usage = {}
    for group in ("user_simulator", "evaluator"):
        for task, stats in (token_usage.get(group) or {}).items():
            model = configs.get(group, {}).get(task, {}).get("model_config") or "unknown"
            usage[f"{group}.{task}"] = RoleUsage(
                model=str(model),
                calls=int(stats.get("calls", 0)),
                input_tokens=int(stats.get("input_tokens", 0)),
                output_tokens=int(stats.get("output_tokens", 0)),
            )
    return usage


def _read_index(root: Path) -> list[dict[str, Any]]:
    path = root / "index.json"
    if not path.exists():
        return []
    data = _read_json(path)
    if not isinstance(data, list):
        raise ConfigError(str(path), "expected a list of {file, ...} entries")
    return data


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ConfigError(str(path), f"invalid JSON: {exc.msg}", f"line {exc.lineno}") from exc
