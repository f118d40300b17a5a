"""The wheel, installed into a fresh venv, runs the main commands from a folder with no checkout.

The wheel is built from a copy of the sources (pyproject.toml, setup.py, README.md, icatest/ and
the data folders at the top: strategies/, personas/, seeds/, experiments/) so the checkout gets no
build/ or egg-info. The venv gets icatest only from the wheel (`pip install --no-deps`);
its third-party dependencies are the ones this test runs with, reached through a .pth path line
(nothing is downloaded, and the line does not run the editable-install hook of a checkout). Every
command runs the venv's `icatest` console script in a temporary folder, without PYTHONPATH.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from icatest import __version__
from icatest.data import TOP_LEVEL

REPO = Path(__file__).resolve().parents[2]
# complete conversations (a count, not a time budget), so every arm has scored verdicts
SHORT_EXPERIMENT = """
name: short
campaign: {max_conversations: 4, concurrency: 4, rng_seed: 1, run_id: short}
backends: [{name: reference, sut: reference}]
"""
TIMEOUT = 240


def _run(cmd: list[str | Path], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=TIMEOUT)  # fmt: skip
    assert proc.returncode == 0, f"{cmd}\n{proc.stdout[-2000:]}\n{proc.stderr[-3000:]}"
    return proc


def _build_wheel(tmp: Path) -> Path:
    src = tmp / "src"
    src.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(REPO / name, src / name)
    for folder in ("icatest", *TOP_LEVEL):
        shutil.copytree(REPO / folder, src / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))  # fmt: skip
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
          "--no-index", "-w", tmp / "dist", src], tmp, dict(os.environ))  # fmt: skip
    (wheel,) = (tmp / "dist").glob("icatest-*.whl")
    return wheel


def _venv_with(wheel: Path, tmp: Path) -> Path:
    venv = tmp / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", venv], tmp, dict(os.environ))
    python = venv / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index",
          "--quiet", wheel], tmp, dict(os.environ))  # fmt: skip
    site = Path(subprocess.check_output(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], text=True
    ).strip())  # fmt: skip
    deps = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "zz_test_dependencies.pth").write_text("\n".join(sorted(deps)) + "\n")
    return venv


@pytest.mark.slow
def test_wheel_runs_every_command_from_any_folder(tmp_path: Path) -> None:
    wheel = _build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as built:
        names = set(built.namelist())
    # the offline judge's learned part and its data; the top-level data folders, mapped in
    assert {"icatest/data/judge/answer_model.json", "icatest/data/judge/train.jsonl",
            "icatest/data/strategies/safety_probe.yaml", "icatest/data/personas/neutral.yaml",
            "icatest/data/seeds/contexts.yaml", "icatest/data/experiments/demo.yaml",
            "icatest/examples/inprocess_assistant.py",
            "icatest/analysis/fonts/IcatestHangul-Regular.woff",
            "icatest/analysis/fonts/OFL.txt"} <= names  # fmt: skip
    assert not [n for n in names if n.startswith("icatest/data/experiments/benchmarks")]
    venv = _venv_with(wheel, tmp_path)
    icatest = venv / "bin" / "icatest"
    work = tmp_path / "work"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "ICATEST_DATA")}

    where = _run([venv / "bin" / "python", "-c", "import icatest; print(icatest.__file__)"],
                 work, env).stdout.strip()  # fmt: skip
    assert where.startswith(str(venv)), where  # the wheel's copy, not the checkout

    # the benchmark runs alongside the other commands: it waits on latencies most of the time
    bench = subprocess.Popen([icatest, "bench", "--quick", "--json"], cwd=work, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert _run([icatest, "--version"], work, env).stdout.strip() == f"icatest {__version__}"
        _lists_packaged_and_own_data(icatest, work, env)
        _runs_the_packaged_example(icatest, work, env)

        _run([icatest, "converse", "--sut", "reference", "--max-turns", "3", "--quiet",
              "--out", "conv.json"], work, env)  # fmt: skip
        assert json.loads((work / "conv.json").read_text())["turns"]

        # fixed run ids: the reference assistant's fault dice roll the same, so does the run
        _run([icatest, "fuzz", "--sut", "reference", "--max-conversations", "3", "--out",
              "runs/fuzz", "--run-id", "wheel-fuzz", "--quiet"], work, env)  # fmt: skip
        _run([icatest, "report", "runs/fuzz", "--model", "hashing"], work, env)
        assert (work / "runs" / "fuzz" / "report.html").is_file()
        _runs_the_notebook(venv, work, env)

        (work / "short.yaml").write_text(SHORT_EXPERIMENT)
        _run([icatest, "compare", "short.yaml", "--quiet"], work, env)
        assert (work / "runs" / "short" / "comparison.json").is_file()

        # the packaged demo experiment, shortened; the report embeds with the packaged model
        out = _run([icatest, "demo", "--budget", "3s"], work, env).stdout
        assert (work / "runs" / "demo" / "report.html").is_file(), out

        _run([icatest, "kpi", "run", "--dataset", "locar_sample", "--lang", "en", "--sut",
              "reference", "--out", "runs/kpi"], work, env)  # fmt: skip
        assert (work / "runs" / "kpi" / "results.json").is_file()

        checked = _run([icatest, "honorific", "check", "--level", "haeyo", "경로를 찾았어요."],
                       work, env)  # fmt: skip
        assert checked.stdout.strip().endswith("ok")

        # a Korean run's report embeds its Hangul from the wheel's font
        _run([icatest, "fuzz", "--sut", "reference", "--seed-pool", "korean", "--max-conversations",
              "2", "--out", "runs/ko", "--run-id", "wheel-ko", "--quiet"], work, env)  # fmt: skip
        _run([icatest, "report", "runs/ko", "--no-embed"], work, env)
        html = (work / "runs" / "ko" / "report.html").read_text(encoding="utf-8")
        assert 'font-family: "icatest Hangul"; font-display: block; src: url(data:font/woff' in html
    finally:
        stdout, stderr = bench.communicate(timeout=TIMEOUT)
    assert bench.returncode == 0, stderr[-3000:]
    assert json.loads(stdout)["throughput"]


def _lists_packaged_and_own_data(icatest: Path, work: Path, env: dict[str, str]) -> None:
    """An empty folder lists the packaged items; a data folder with one persona adds it."""
    listed = json.loads(_run([icatest, "list", "personas", "--json"], work, env).stdout)
    assert {"korean_neutral", "neutral"} <= {r["name"] for r in listed}
    assert {r["from"] for r in listed} == {"packaged"}
    own = work / "team" / "personas"
    own.mkdir(parents=True)
    (own / "trucker.yaml").write_text("name: trucker\ndescription: a long-haul driver\n")
    both = json.loads(_run([icatest, "list", "personas", "--json", "--data-dir", "team"],
                           work, env).stdout)  # fmt: skip
    origins = {r["name"]: r["from"] for r in both}
    assert origins["trucker"] == "team" and origins["neutral"] == "packaged"
    assert len(both) == len(listed) + 1


def _runs_the_packaged_example(icatest: Path, work: Path, env: dict[str, str]) -> None:
    """The README's in-process assistant imports from the installed package, in any folder."""
    _run([icatest, "converse", "--sut", "python:icatest.examples.inprocess_assistant:graph",
          "--max-turns", "2", "--quiet", "--out", "graph.json"], work, env)  # fmt: skip
    assert json.loads((work / "graph.json").read_text())["turns"]


NOTEBOOK_RUNNER = """
import sys, nbformat, nbclient
nb = nbformat.read(sys.argv[1], as_version=4)
where = "import icatest; print('kernel icatest:', icatest.__file__)"
nb.cells.append(nbformat.v4.new_code_cell(where))
nbclient.NotebookClient(nb, kernel_name="python3", timeout=120).execute()
print("".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.outputs))
"""


def _runs_the_notebook(venv: Path, work: Path, env: dict[str, str]) -> None:
    """`icatest notebook` writes the packaged notebook into the run; it runs with this venv's
    kernel (the wheel's icatest) and shows the clusters of the run's metrics.json."""
    printed = _run([venv / "bin" / "icatest", "notebook", "runs/fuzz", "--model", "hashing"],
                   work, env).stdout  # fmt: skip
    copy = work / "runs" / "fuzz" / "failure_clusters.ipynb"
    assert f"open it with: jupyter lab {copy.relative_to(work)}" in printed
    shown = _run([venv / "bin" / "python", "-c", NOTEBOOK_RUNNER, copy], work, env).stdout
    k = json.loads((work / "runs" / "fuzz" / "metrics.json").read_text())["clusters"]["k"]
    assert f"k={k} " in shown and f"from {work / 'runs' / 'fuzz'}" in shown, shown
    assert f"kernel icatest: {venv}" in shown, shown  # the kernel runs the wheel's copy
