"""A Dask task carries the turn checks registered in the driver: the worker process registered
none of its own (the CLI registers LoCar's in the driver only). The task runs here in-process,
through the worker's own entry, on the real engine with offline roles."""

from __future__ import annotations

import threading
from pathlib import Path

from campaign_helpers import config

from icatest.campaigns.running.remote import _run_task
from icatest.campaigns.running.scripted import OPENER
from icatest.campaigns.sampler import ScenarioSampler
from icatest.catalog import load_catalog
from icatest.contracts import FailureMode
from icatest.contracts.records import ConversationRecord, LabelFinding
from icatest.engine.run import run_conversation
from icatest.judges.protocol import TurnContext


def every_reply(ctx: TurnContext) -> list[LabelFinding]:
    return [LabelFinding(label=FailureMode.IRRELEVANT_RESPONSE, rationale="checked in a worker")]


async def _task_record(data_dir: Path, checks: tuple[object, ...]) -> ConversationRecord:
    cfg = config(data_dir, max_conversations=1, turn_budgets=[3], mode="baseline")
    catalog = load_catalog(data_dir, only_user_data=True)
    plan = ScenarioSampler(cfg, catalog, "worker-checks").plan(0)
    task = {
        "config": cfg.model_dump(mode="json"),
        "plan": plan.as_dict(),
        "engine": run_conversation,
        "opener": OPENER,
        "turn_checks": checks,
        "run_id": "worker-checks",
        "reference_url": None,
        "n_workers": 1,
        "deadline": None,
        "cost_left": None,
    }
    return await _run_task(task, threading.Event())


def _checked(record: ConversationRecord) -> list[bool]:
    return [
        any(f.rationale == "checked in a worker" for f in t.evaluation.findings)
        for t in record.turns
        if t.evaluation is not None and t.evaluation.scored
    ]


async def test_the_worker_judges_with_the_checks_the_task_carries(data_dir: Path) -> None:
    checked = _checked(await _task_record(data_dir, (every_reply,)))
    assert checked and all(checked)
    plain = _checked(await _task_record(data_dir, ()))
    assert plain and not any(plain)
