"""A guided and a baseline campaign with every role on `openai/gpt-5-mini` at the loopback fake
provider, which answers as OpenAI does for that model (temperature other than 1 and `max_tokens`
refused with a 400, naming the parameter): both end without internal_error and are scored, and
each campaign learns the refused parameters once per role, records them and stops sending them."""

from __future__ import annotations

from pathlib import Path

import pytest

from icatest.bench.fake_replies import reply
from icatest.campaigns import CampaignConfig, read_records, run_campaign
from icatest.contracts import Mode
from icatest.llm.prompts import load_prompt
from icatest.storage.rundir import read_manifest
from icatest.testing import FakeOpenAI


@pytest.mark.slow
async def test_guided_and_baseline_campaigns_with_gpt5_mini(tmp_path: Path) -> None:
    with FakeOpenAI(reply) as srv:
        model = f"openai/gpt-5-mini@{srv.base_url}/v1"
        records = []
        manifests = []
        for mode in (Mode.GUIDED, Mode.BASELINE):
            config = CampaignConfig(
                sut="reference",
                mode=mode,
                max_conversations=1,
                turn_budgets=[2],
                rng_seed=3,
                simulator=model,
                turn_judge=model,
                conversation_judge=model,
                model_settings={"conversation_judge": {"reasoning_effort": "low"}},
            )
            out = tmp_path / mode.value
            await run_campaign(config, out, handle_signals=False)
            records += read_records(out / "conversations.jsonl")
            manifests.append(read_manifest(out))
        bodies = [r.body for r in srv.requests]
    assert [r["mode"] for r in records] == ["guided", "baseline"]
    for record in records:
        assert record["termination_reason"] != "internal_error", record.get("error")
        assert record["success_decision"] in {"pass", "fail"}
        judge = record["conversation_evaluation"]["judge"]
        assert judge.endswith(load_prompt("conversation_judge").tag)
        assert all(t["evaluation"]["scored"] for t in record["turns"])
        budget = record["token_budget"]
        assert budget["total_per_turn"] > 0 and budget["published_per_turn"] == 10142
        assert set(budget["per_turn"]) == {"simulator", "turn_judge", "conversation_judge"}
    assert len(records[1]["turns"]) == 8  # the baseline's fixed budget
    # per campaign and role: one 400 for temperature, one for max_tokens, then never again
    refused = [b for b in bodies if "temperature" in b or "max_tokens" in b]
    assert len(refused) == 2 * 3 * 2
    both = ["max_tokens", "temperature"]
    for manifest in manifests:
        assert manifest.dropped_params == {
            role: both for role in ("conversation_judge", "simulator", "turn_judge")
        }
    assert all(u["dropped_params"] == both for r in records for u in r["usage"].values())
    judged = [b for b in bodies if b.get("response_format")]
    assert judged and all(b["response_format"]["type"] == "json_schema" for b in judged)
    assert any(b.get("reasoning_effort") == "low" for b in bodies)
