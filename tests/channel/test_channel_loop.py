"""The channel as a step of the loop: text keeps today's conversation, asr changes what the
assistant receives, and every turn records spoken, heard and wer."""

from __future__ import annotations

from pathlib import Path

import pytest

from icatest.catalog.scenarios import make_scenario
from icatest.channel import open_channel
from icatest.contracts import Mode
from icatest.contracts.labels import HearingOutcome
from icatest.engine import Runtime, run_conversation
from icatest.llm import ModelGateway
from tests.engine.helpers import GOOD_GARCHING, ScriptedSession, always, make_catalog


async def _run(tmp_path: Path, channel: str, reply: str = GOOD_GARCHING, **kw):
    catalog = make_catalog(tmp_path)
    session = ScriptedSession(always(reply))
    scenario = make_scenario(catalog, seed_pool="test", channel=channel, **kw)
    runtime = Runtime(
        session=session, gateway=ModelGateway(roles={}), catalog=catalog,
        channel=open_channel(channel),
    )  # fmt: skip
    return await run_conversation(scenario, runtime), session


async def test_text_channel_passes_the_words_unchanged(tmp_path: Path) -> None:
    record, session = await _run(
        tmp_path, "text", seed_id="lunch", mode=Mode.GUIDED, max_turns=6, rng_seed=2
    )
    assert record.channel == "text"
    assert session.sent == [t.user for t in record.turns]
    for turn in record.turns:
        assert (turn.spoken, turn.heard, turn.wer, turn.hearing) == (
            turn.user,
            turn.user,
            0.0,
            None,
        )


async def test_text_channel_is_the_default_conversation(tmp_path: Path) -> None:
    """Runtime without a channel (every caller before channels existed) = --channel text."""
    catalog = make_catalog(tmp_path / "a")
    scenario = make_scenario(catalog, seed_pool="test", seed_id="lunch", max_turns=6, rng_seed=2)
    bare = await run_conversation(
        scenario,
        Runtime(session=ScriptedSession(always(GOOD_GARCHING)), gateway=ModelGateway(roles={}),
                catalog=catalog),
    )  # fmt: skip
    texted, _ = await _run(
        tmp_path / "b", "text", seed_id="lunch", mode=Mode.GUIDED, max_turns=6, rng_seed=2
    )
    assert [t.user for t in bare.turns] == [t.user for t in texted.turns]
    assert [t.evaluation for t in bare.turns] == [t.evaluation for t in texted.turns]
    assert bare.success_score == texted.success_score


@pytest.mark.voice
async def test_asr_channel_changes_what_the_assistant_receives(tmp_path: Path) -> None:
    record, session = await _run(
        tmp_path, "asr:highway", seed_id="lunch", mode=Mode.GUIDED, max_turns=8, rng_seed=4
    )
    assert record.channel == "asr:highway"
    assert session.sent == [t.heard for t in record.turns]
    garbled = [t for t in record.turns if t.wer > 0]
    assert garbled, "a highway channel garbles some of eight turns"
    for turn in garbled:
        assert turn.heard != turn.spoken
        assert turn.hearing in set(HearingOutcome)


@pytest.mark.voice
async def test_an_assistant_that_asks_back_recovers(tmp_path: Path) -> None:
    record, _ = await _run(
        tmp_path, "asr:highway", reply="Sorry, did you say Garching? Please repeat that.",
        seed_id="lunch", mode=Mode.BASELINE, rng_seed=4,
    )  # fmt: skip
    garbled = [t for t in record.turns if t.wer > 0]
    assert garbled
    assert all(t.hearing is HearingOutcome.RECOVERED for t in garbled)


def test_a_runtime_without_the_scenarios_channel_is_an_error(tmp_path: Path) -> None:
    import asyncio

    catalog = make_catalog(tmp_path)
    scenario = make_scenario(catalog, seed_pool="test", seed_id="lunch", channel="asr:cabin")
    runtime = Runtime(
        session=ScriptedSession(always("ok")), gateway=ModelGateway(roles={}), catalog=catalog
    )
    record = asyncio.run(run_conversation(scenario, runtime))
    assert record.error and "scenario channel asr:cabin" in record.error
