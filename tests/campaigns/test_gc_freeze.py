"""While a campaign's conversations run, what existed before them is kept out of the garbage
collector's full passes (a pass over ~460,000 objects stalls every conversation for ~0.3 s), and
it is handed back when the campaign ends."""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path

from icatest.campaigns import CampaignConfig, run_campaign

SEEN: list[int] = []


def reply(utterance: str, history: list[dict[str, str]]) -> str:
    SEEN.append(gc.get_freeze_count())
    return "Sure, route to Marienplatz set, 12 minutes."


def test_objects_are_frozen_during_the_run_and_released_after(tmp_path: Path) -> None:
    SEEN.clear()
    assert gc.get_freeze_count() == 0
    cfg = CampaignConfig(sut=f"python:{__name__}:reply", max_conversations=2, turn_budgets=[2],
                         rng_seed=1, concurrency=2)
    asyncio.run(run_campaign(cfg, tmp_path / "run", handle_signals=False))
    assert SEEN and min(SEEN) > 1000  # the imported libraries, at least, were frozen
    assert gc.get_freeze_count() == 0
