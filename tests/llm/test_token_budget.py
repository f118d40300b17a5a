"""Token budget per turn and role: cached input and reasoning tokens accounted from the
provider's usage (through both clients), the record's per-turn figures (calls, input, output),
and the published framework's figure they are shown beside."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
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


async def test_reasoning_tokens_are_accounted() -> None:
    with FakeOpenAI([reply('{"echo": "a"}', reasoning_tokens=40)]) as srv:
        gw = ModelGateway(
            roles={"turn_judge": ModelSpec.parse(f"openai/fake@{srv.base_url}/v1")},
            config=GatewayConfig(timeout_s=5.0),
        )
        await gw.structured("turn_judge", "echo_test", {"text": "x"}, Echo, offline=dict)
    usage = gw.usage["turn_judge"]
    assert usage.reasoning_tokens == 40 and usage.output_tokens == 42  # '{"echo": "a"}' is 2


async def test_a_known_model_on_an_openai_compatible_server_is_priced(transport: str) -> None:
    """The SDK client prices a model litellm's map knows from the map, as litellm would."""
    with FakeOpenAI([reply('{"echo": "a b"}', cached_tokens=3)]) as srv:
        gw = ModelGateway(
            roles={"turn_judge": ModelSpec.parse(f"openai/gpt-4.1-mini@{srv.base_url}/v1")},
            config=GatewayConfig(timeout_s=5.0),
        )
        await gw.structured("turn_judge", "echo_test", {"text": "x"}, Echo, offline=dict)
    u = gw.usage["turn_judge"]
    expected = (u.input_tokens - 3) * 4e-7 + 3 * 1e-7 + u.output_tokens * 1.6e-6
    assert u.cost_usd == pytest.approx(expected, rel=1e-6)


def test_budget_per_turn_and_role() -> None:
    usage = {
        "simulator": RoleUsage(model="m", input_tokens=400, output_tokens=40),
        "turn_judge": RoleUsage(
            model="m",
            calls=5,
            input_tokens=800,
            output_tokens=200,
            cached_input_tokens=300,
            reasoning_tokens=120,
        ),
    }
    budget = TokenBudget.of(usage, turns=4)
    assert budget is not None
    assert budget.per_turn["turn_judge"].cached_input == 75.0
    assert budget.per_turn["turn_judge"].calls == 1.25
    assert budget.per_turn["turn_judge"].reasoning == 30.0
    assert budget.total_per_turn == 360.0
    assert budget.published_per_turn == PUBLISHED_TOKENS_PER_TURN
    assert TokenBudget.of(usage, turns=0) is None


def test_published_figure_matches_the_logs(shared_data: Path) -> None:
    logs = [json.loads(p.read_text()) for p in (shared_data / "paper_logs").glob("conv_*.json")]
    total = sum(log["token_usage"]["global_totals"]["total_tokens"] for log in logs)
    turns = sum(len(log["turns"]) for log in logs)
    assert round(total / turns) == PUBLISHED_TOKENS_PER_TURN
