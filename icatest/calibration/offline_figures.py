"""The offline judge's figures on data nobody here wrote (docs/offline_backend.md): the share of
competent human KVRET replies it flags, and its agreement with the published logs' labels.
Tests and the docs' numbers come from these functions."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from pydantic import BaseModel

from icatest.catalog.kvret import dialogue_turns
from icatest.judges.turn_cases import CaseResult, HistoryTurn, TurnCase, judge_cases
from icatest.llm.gateway import ModelGateway, ModelSpec


def offline_gateway() -> ModelGateway:
    return ModelGateway(roles={"turn_judge": ModelSpec.parse("offline")})


def kvret_cases(path: Path, limit: int | None = None) -> list[TurnCase]:
    """Every (driver, assistant) turn of a KVRET split as a case; the utterance is the request."""
    dialogues = json.loads(path.read_text(encoding="utf-8"))
    cases: list[TurnCase] = []
    for d, dialogue in enumerate(dialogues):
        for t, (history, user, reply) in enumerate(dialogue_turns(dialogue)):
            cases.append(
                TurnCase(
                    id=f"{path.stem}-{d:04d}-{t}",
                    history=[HistoryTurn(user=u, assistant=a) for u, a in history],
                    user=user,
                    reply=reply,
                )
            )
    return cases[:limit] if limit else cases


class FlagRate(BaseModel):
    turns: int
    flagged: int
    uncertain: int
    labels: dict[str, int]

    @property
    def flagged_share(self) -> float:
        return self.flagged / self.turns if self.turns else 0.0

    @property
    def uncertain_share(self) -> float:
        return self.uncertain / self.turns if self.turns else 0.0


def flag_rate(results: list[CaseResult]) -> FlagRate:
    labels: dict[str, int] = {}
    for r in results:
        for label in r.labels:
            labels[label] = labels.get(label, 0) + 1
    return FlagRate(
        turns=len(results),
        flagged=sum(1 for r in results if r.labels),
        uncertain=sum(1 for r in results if r.uncertain),
        labels=dict(sorted(labels.items())),
    )


def judge_offline(cases: list[TurnCase]) -> list[CaseResult]:
    return asyncio.run(judge_cases(offline_gateway(), cases))
