"""Token budget per turn and role: cached input tokens accounted from the provider's usage, the
record's per-turn figures, and the published framework's figure they are shown beside."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel

from icatest.contracts.records import PUBLISHED_TOKENS_PER_TURN, RoleUsage, TokenBudget
from icatest.llm.gateway import GatewayConfig, ModelGateway, ModelSpec
from icatest.testing import FakeOpenAI, reply


class Echo(BaseModel):
    echo: str


async def test_cached_input_tokens_are_accounted() -> None:
    with FakeOpenAI([reply('{"echo": "a"}', cached_tokens=7)]) as srv:
        gw = ModelGateway(
            roles={"turn_judge": ModelSpec.parse(f"openai/fake@{srv.base_url}/v1")},
            config=GatewayConfig(timeout_s=5.0),
        )
        await gw.structured("turn_judge", "echo_test", {"text": "x"}, Echo, offline=dict)
    usage = gw.usage["turn_judge"]
    assert usage.cached_input_tokens == 7 and usage.input_tokens > 7


def test_budget_per_turn_and_role() -> None:
    usage = {
        "simulator": RoleUsage(model="m", input_tokens=400, output_tokens=40),
        "turn_judge": RoleUsage(
            model="m", input_tokens=800, output_tokens=200, cached_input_tokens=300
        ),
    }
    budget = TokenBudget.of(usage, turns=4)
    assert budget is not None
    assert budget.per_turn["turn_judge"].cached_input == 75.0
    assert budget.total_per_turn == 360.0
    assert budget.published_per_turn == PUBLISHED_TOKENS_PER_TURN
    assert TokenBudget.of(usage, turns=0) is None


def test_published_figure_matches_the_logs(shared_data: Path) -> None:
    logs = [json.loads(p.read_text()) for p in (shared_data / "paper_logs").glob("conv_*.json")]
    total = sum(log["token_usage"]["global_totals"]["total_tokens"] for log in logs)
    turns = sum(len(log["turns"]) for log in logs)
    assert round(total / turns) == PUBLISHED_TOKENS_PER_TURN
