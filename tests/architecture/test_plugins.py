"""LoCar plugs into the core through the turn-check registry: the core alone knows no check, the
CLI registers LoCar's before a command runs, and a conversation plan carries what is registered."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from icatest.cli import main
from icatest.engine.plan import ConversationPlan
from icatest.judges import checks
from icatest.locar.plugin import SPEECH_LEVEL, register
from icatest.locar.speech_level import speech_level_check

REPO = Path(__file__).resolve().parents[2]

_CORE_ALONE = """
import json, sys
from icatest.campaigns import run_campaign
from icatest.engine.plan import ConversationPlan
from icatest.regression.replay import open_replayer
plan = ConversationPlan(models={"turn_judge": "offline"})
print(json.dumps({"checks": len(plan.turn_checks),
                  "locar": sorted(m for m in sys.modules if m.startswith("icatest.locar"))}))
"""


def test_the_core_alone_imports_no_extension_and_knows_no_check() -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run([sys.executable, "-c", _CORE_ALONE], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert json.loads(proc.stdout.strip().splitlines()[-1]) == {"checks": 0, "locar": []}


def test_registering_is_idempotent_and_plans_carry_the_checks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(checks, "_REGISTERED", {})
    assert ConversationPlan(models={}).turn_checks == ()
    register()
    register()
    assert checks.registered_names() == (SPEECH_LEVEL,)
    plan = ConversationPlan(models={"turn_judge": "offline"})
    assert plan.turn_checks == (speech_level_check,)
    assert ConversationPlan(models={}, turn_checks=()).turn_checks == ()  # explicit wins


def test_the_cli_registers_locar_before_a_command_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(checks, "_REGISTERED", {})
    assert main(["list", "personas"]) == 0
    capsys.readouterr()
    assert checks.registered_turn_checks() == (speech_level_check,)
