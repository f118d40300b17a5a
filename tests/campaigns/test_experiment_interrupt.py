"""Ctrl-C during `icatest compare`: exit 130, no traceback, the command that resumes it; the
resumed experiment completes both arms and writes comparison.json."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXPERIMENT = """
name: tiny
campaign: {budget_s: 10s, concurrency: 2, rng_seed: 3, run_id: tiny}
backends: [{name: reference, sut: reference}]
"""


def _icatest(args: list[str]) -> list[str]:
    return [sys.executable, "-m", "icatest", *args]


@pytest.mark.slow
def test_interrupted_compare_exits_130_and_resumes(tmp_path: Path) -> None:
    (tmp_path / "tiny.yaml").write_text(EXPERIMENT)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    out = tmp_path / "runs" / "tiny"
    proc = subprocess.Popen(_icatest(["compare", "tiny.yaml", "--out", str(out)]),
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)  # fmt: skip
    deadline = time.monotonic() + 120
    arms = [out / "guided" / "conversations.jsonl", out / "baseline" / "conversations.jsonl"]
    while not all(a.exists() and a.stat().st_size for a in arms):  # both arms under way
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "Error" not in stderr, stderr
    assert not (out / "comparison.json").exists()
    for arm in ("guided", "baseline"):
        assert json.loads((out / arm / "manifest.json").read_text())["status"] == "interrupted"
    resume = [line for line in stderr.splitlines() if line.startswith("resume with: icatest ")]
    assert len(resume) == 1, stderr

    argv = shlex.split(resume[0].removeprefix("resume with: icatest "))
    done = subprocess.run(_icatest(argv), cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=180)  # fmt: skip
    assert done.returncode == 0, done.stderr
    comparison = json.loads((out / "comparison.json").read_text())
    assert comparison["arms"]["guided"]["conversations"] >= 1
    for arm in ("guided", "baseline"):
        assert json.loads((out / arm / "manifest.json").read_text())["status"] == "completed"


def test_a_finished_demo_folder_moves_aside_an_unfinished_one_stays(tmp_path: Path) -> None:
    from icatest.cli.experiment_run import stable_folder

    folder = tmp_path / "demo"
    (folder / "guided").mkdir(parents=True)
    assert stable_folder(folder) == folder and (folder / "guided").is_dir()  # resumed
    (folder / "comparison.json").write_text("{}")
    assert stable_folder(folder) == folder and not folder.exists()
    (kept,) = [p for p in tmp_path.iterdir() if p.name.startswith("demo-")]
    assert (kept / "comparison.json").is_file() and (kept / "guided").is_dir()


def test_budget_override_applies_to_every_arm() -> None:
    from icatest.campaigns.experiments.experiment import load_experiment
    from icatest.cli.experiment_run import with_budget
    from icatest.errors import ConfigError

    exp = with_budget(load_experiment(Path("demo")), "5s")
    assert exp.arm_config(exp.backends[0], exp.arms[0], 0).budget_s == 5.0
    with pytest.raises(ConfigError, match="--budget"):
        with_budget(exp, "soon")
