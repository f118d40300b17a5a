"""The noisy_moment probe: only on a channel that garbles words, it says the critical content
into a burst of noise and retires once the assistant acts on a misheard request."""

from __future__ import annotations

from pathlib import Path

import pytest

from icatest.catalog.scenarios import make_scenario
from icatest.channel import open_channel
from icatest.contracts import Mode
from icatest.contracts.labels import FindingCause
from icatest.engine import Runtime, run_conversation
from icatest.llm import ModelGateway
from tests.engine.helpers import ScriptedSession, make_catalog

PROBE = "noisy_moment"


def acts_on_what_it_heard(utterance: str, _turn: int) -> str:
    return f"Okay, doing that now: {utterance}"


async def _run(tmp_path: Path, channel: str, rng_seed: int):
    catalog = make_catalog(tmp_path / f"{channel.replace(':', '-')}-{rng_seed}")
    scenario = make_scenario(
        catalog, seed_pool="test", seed_id="lunch", mode=Mode.GUIDED, max_turns=10,
        rng_seed=rng_seed, channel=channel,
    )  # fmt: skip
    runtime = Runtime(
        session=ScriptedSession(acts_on_what_it_heard), gateway=ModelGateway(roles={}),
        catalog=catalog, channel=open_channel(channel),
    )  # fmt: skip
    return await run_conversation(scenario, runtime)


async def test_never_used_on_text(tmp_path: Path) -> None:
    for seed in range(4):
        record = await _run(tmp_path, "text", seed)
        assert all(PROBE not in t.strategies for t in record.turns)


@pytest.mark.voice
async def test_retires_once_the_assistant_acts_on_a_misheard_request(tmp_path: Path) -> None:
    retired = 0
    for seed in range(8):
        record = await _run(tmp_path, "asr:highway", seed)
        used = [t for t in record.turns if PROBE in t.strategies]
        if PROBE not in record.removed_strategies:
            continue
        retired += 1
        # like every probe it retires once its failure fired, on whichever turn: here the first
        # finding with the cause misheard (a garbled turn the assistant acted on)
        fired = [
            t for t in record.turns
            if t.evaluation and any(f.cause is FindingCause.MISHEARD for f in t.evaluation.findings)
        ]  # fmt: skip
        assert fired, "retired without a misheard finding"
        first = fired[0]
        assert first.wer > 0
        assert record.removed_strategies[PROBE] in {
            f.label.value for f in first.evaluation.findings
        }
        assert not [t for t in used if t.turn_number > first.turn_number], "used after it retired"
    assert retired, "an assistant that acts on what it heard retires the probe in 8 conversations"


@pytest.mark.voice
async def test_it_says_critical_content_into_the_noise(tmp_path: Path) -> None:
    used = []
    for seed in range(8):
        record = await _run(tmp_path, "asr:clean", seed)
        used += [t for t in record.turns if PROBE in t.strategies]
    assert used, "guided mode on a garbling channel picks the probe in 8 conversations"
    # a burst of noise on a clean channel: its turns are garbled far more often than the rest
    assert sum(t.wer > 0 for t in used) / len(used) >= 0.5
