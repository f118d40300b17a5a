"""Bind roles to models. A judge role given an odd comma-separated list of models
(`--turn-judge offline,openai/gpt-4.1-mini,anthropic/…`) becomes a majority-vote ensemble whose
members are the roles `turn_judge.1`, `turn_judge.2`, … on the same gateway."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from icatest.errors import ConfigError
from icatest.judges.conversation_judge import ROLE as CONVERSATION_ROLE
from icatest.judges.conversation_judge import judge_conversation
from icatest.judges.turn_judge import ROLE as TURN_ROLE
from icatest.judges.turn_judge import judge_turn
from icatest.llm.gateway import ModelSpec


@dataclass(frozen=True)
class RoleBinding:
    roles: dict[str, ModelSpec]
    turn_judge: Any  # judge_turn or an ensemble with its call signature
    conversation_judge: Any


def bind_roles(models: Mapping[str, str]) -> RoleBinding:
    """`{role: model string}` -> gateway roles and the judge callables the engine uses."""
    from icatest.calibration.ensemble import (
        EnsembleConversationJudge,
        EnsembleTurnJudge,
        member_roles,
    )

    specs: dict[str, ModelSpec] = {}
    turn: Any = judge_turn
    conversation: Any = judge_conversation
    for role, text in models.items():
        names = [m.strip() for m in text.split(",") if m.strip()]
        try:
            if len(names) > 1 and role in (TURN_ROLE, CONVERSATION_ROLE):
                members = member_roles(role, names)
                specs.update(members)
                if role == TURN_ROLE:
                    turn = EnsembleTurnJudge(judge_turn, tuple(members))
                else:
                    conversation = EnsembleConversationJudge(judge_conversation, tuple(members))
            else:
                specs[role] = ModelSpec.parse(text)
        except ValueError as exc:
            raise ConfigError(f"--{role.replace('_', '-')}", str(exc)) from None
    return RoleBinding(specs, turn, conversation)


def base_role(role: str) -> str:
    """`turn_judge.2` -> `turn_judge` (ensemble members share their role's limits)."""
    return role.split(".", 1)[0]
