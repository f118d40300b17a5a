"""The role binder: model strings per role -> gateway roles and the judges the engine calls.

A judge role given an odd comma-separated list of models (`--turn-judge offline,openai/…,…`)
becomes a majority-vote ensemble whose members are the roles `turn_judge.1`, `turn_judge.2`, …
on the same gateway. Every caller (converse, campaigns, re-judging) binds through `bind_roles`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from icatest.errors import ConfigError
from icatest.judges.conversation_judge import ROLE as CONVERSATION_ROLE
from icatest.judges.conversation_judge import ModelConversationJudge
from icatest.judges.ensemble import EnsembleConversationJudge, EnsembleTurnJudge, member_roles
from icatest.judges.final_turn import ModelFinalTurnJudge
from icatest.judges.protocol import ConversationJudge, FinalTurnJudge, TurnCheck, TurnJudge
from icatest.judges.rules.judge import RulesTurnJudge
from icatest.judges.turn_judge import ROLE as TURN_ROLE
from icatest.judges.turn_judge import ModelTurnJudge
from icatest.llm.settings import RoleSettings
from icatest.llm.spec import ModelSpec


@dataclass(frozen=True)
class Judges:
    """The judges of one conversation.

    `final_turn`, when set, judges the last turn of a conversation that uses its whole turn
    budget together with the whole conversation in one call (and the conversation judge is then
    not called). None: every conversation gets its own conversation-judge call.
    """

    turn: TurnJudge = field(default_factory=ModelTurnJudge)
    conversation: ConversationJudge = field(default_factory=ModelConversationJudge)
    final_turn: FinalTurnJudge | None = None


@dataclass(frozen=True)
class RoleBinding:
    roles: dict[str, ModelSpec]
    judges: Judges


def bind_roles(
    models: Mapping[str, str],
    settings: Mapping[str, RoleSettings] | None = None,
    *,
    combine_final_turn: bool = False,
    turn_checks: tuple[TurnCheck, ...] = (),
) -> RoleBinding:
    """`{role: model string}` and per-role settings -> gateway roles and judges (ensemble
    members take their role's settings).

    `combine_final_turn`: judge the last turn and the conversation in one call when that asks the
    same thing of the same model, i.e. both judge roles are single judges on one model string.
    Off by default: only conversations that use their whole turn budget can be judged so (every
    baseline, only some guided ones), so it would judge the two arms of a comparison with
    different prompts; it saves one call per such conversation.
    `turn_checks`: rule-based checks every model turn judge adds to its scored verdicts.
    """
    specs: dict[str, ModelSpec] = {}
    turn: TurnJudge = ModelTurnJudge(checks=turn_checks)
    conversation: ConversationJudge = ModelConversationJudge()
    ensembles = False
    for role, text in models.items():
        own = (settings or {}).get(role) or RoleSettings()
        names = [m.strip() for m in text.split(",") if m.strip()]
        try:
            if len(names) > 1 and role in (TURN_ROLE, CONVERSATION_ROLE):
                members = {
                    name: replace(spec, settings=own)
                    for name, spec in member_roles(role, names).items()
                }
                specs.update(members)
                ensembles = True
                if role == TURN_ROLE:
                    turn = EnsembleTurnJudge(
                        tuple(_turn_judge(r, s, turn_checks) for r, s in members.items())
                    )
                else:
                    conversation = EnsembleConversationJudge(
                        tuple(ModelConversationJudge(r) for r in members)
                    )
            else:
                specs[role] = ModelSpec.parse(names[0] if len(names) == 1 else text, settings=own)
                if role == TURN_ROLE:
                    turn = _turn_judge(role, specs[role], turn_checks)
        except ValueError as exc:
            raise ConfigError(f"--{role.replace('_', '-')}", str(exc)) from None
    same_model = specs.get(TURN_ROLE, ModelSpec()) == specs.get(CONVERSATION_ROLE, ModelSpec())
    combine = combine_final_turn and not ensembles and same_model
    final = ModelFinalTurnJudge(checks=turn_checks) if combine else None
    return RoleBinding(specs, Judges(turn, conversation, final))


def _turn_judge(role: str, spec: ModelSpec, checks: tuple[TurnCheck, ...]) -> TurnJudge:
    """`offline` (and `offline:VARIANT`, which the turn judge reads as `offline`) is the rules
    judge; any other model string the model turn judge."""
    if spec.is_offline:
        return RulesTurnJudge(role, checks)
    return ModelTurnJudge(role, checks)


def base_role(role: str) -> str:
    """`turn_judge.2` -> `turn_judge` (ensemble members share their role's limits)."""
    return role.split(".", 1)[0]
