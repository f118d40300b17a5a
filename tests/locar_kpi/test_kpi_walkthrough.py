"""docs/locar.md's walk-through, run as written against a loopback assistant fixed to 해요체 that
speaks another level only when its system message names it.

The commands are read from the doc's `<!-- walkthrough -->` block, so the doc cannot drift from
what works. Only `--resamples 50` is added to `kpi agreement`, to keep the test fast.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from icatest.cli import main
from icatest.locar.kpi import load_dataset, load_results
from tests.locar_kpi.level_assistant import LevelAwareAssistant

DOC = Path(__file__).resolve().parents[2] / "docs" / "locar.md"
BLOCK = re.compile(r"<!-- walkthrough -->\s*```bash\n(.*?)```", re.S)


def commands() -> list[list[str]]:
    found = BLOCK.search(DOC.read_text("utf-8"))
    assert found, "docs/locar.md lost its walk-through block"
    return [shlex.split(line) for line in found.group(1).splitlines() if line.strip()]


def speech(results_dir: Path) -> dict[str, float | None]:
    run = load_results(results_dir)
    return {r.name: r.accuracy for r in run.scores if r.use_case == "all" and r.speech_level}


@pytest.mark.slow
@pytest.mark.timeout(240)
def test_walkthrough_as_documented(tmp_path: Path) -> None:
    steps = commands()
    assert [s[:3] for s in steps] == [
        ["icatest", "kpi", "sample"],
        ["icatest", "kpi", "run"],
        ["icatest", "kpi", "run"],
        ["icatest", "kpi", "run"],
        ["icatest", "kpi", "agreement"],
        ["icatest", "kpi", "report"],
    ]
    work = tmp_path
    sample = load_dataset(Path("locar_sample"))
    with LevelAwareAssistant(sample, fixed_level="haeyo") as srv:
        env = {"$WORK": str(work), "$ASSISTANT": srv.base_url + "/v1"}
        for step in steps:
            args: list[Any] = [env.get(a, a) for a in step[1:]]
            args = [a.replace("$WORK", str(work)) for a in args]
            if step[2] == "agreement":
                args += ["--resamples", "50"]
            assert main(args) == 0, step
    drawn = load_dataset(work / "sample.yaml")
    assert drawn.sampling is not None and drawn.sampling.seed == 7
    levels = {i.speech_level for i in drawn.instances if i.speech_level}
    assert {lvl.value for lvl in levels} == {"hae", "haeyo", "hapsyo"}
    # told its level it passes every level; untold, only its own; --level judges it at that one
    assert speech(work / "told") == dict.fromkeys(
        ("speech_level_hae", "speech_level_haeyo", "speech_level_hapsyo"), 1.0
    )
    assert speech(work / "untold") == {
        "speech_level_hae": 0.0, "speech_level_haeyo": 1.0, "speech_level_hapsyo": 0.0
    }
    assert speech(work / "haeyo") == {"speech_level_haeyo": 1.0}
    agreement = json.loads((work / "agreement" / "agreement.json").read_text("utf-8"))
    assert agreement["ranking"] and agreement["precheck_mcnemar"]
    html = (work / "report.html").read_text("utf-8")
    for rid in ("told", "untold", "haeyo"):
        assert f"[{rid}]</h3>" in html
    assert "sampled with seed 7, 50 per KPI" in html
