"""Every output ends with a next step: fuzz, compare and demo name the report command; the report
ends with what to do next for this run; titles are folder names; the cluster scatter is read."""

from __future__ import annotations

import re
from pathlib import Path

from runfactory import known_run_records, write_run

from icatest.analysis import svg
from icatest.analysis.figures import cluster_projection
from icatest.analysis.workflow import write_report
from icatest.campaigns.running.conversation import EngineName
from icatest.cli import main
from icatest.cli.campaign_cmds import report_hint


def _section(html: str) -> str:
    match = re.search(r'(?s)<section id="next-steps">(.*?)</section>', html)
    assert match, "no next-steps section"
    return match.group(1)


def test_single_run_report_is_titled_by_its_folder_and_ends_with_next_steps(tmp_path: Path):
    run = write_run(tmp_path / "nightly-42", known_run_records(), run_id="guided-20260101-x")
    write_report([run], model=None)
    html = (run / "report.html").read_text()
    assert "<title>icatest report: nightly-42</title>" in html
    assert "<h1>icatest report: nightly-42</h1>" in html
    steps = _section(html)
    failing = [r.conversation_id for r in known_run_records() if r.success_decision == "fail"]
    assert f"icatest replay {run} --failing --times 3" in steps
    assert f"icatest shrink {run} --conversation {failing[0]}" in steps
    assert f"icatest suite export {run} --out suite.yaml" in steps
    # the last section before the data block and the script
    assert html.index('id="next-steps"') > html.index('id="glossary"')


def test_experiment_report_names_the_folder_and_the_guided_arm(experiment: Path):
    write_report([experiment], model=None)
    html = (experiment / "report.html").read_text()
    assert f"icatest report: {experiment.name}: guided vs baseline</title>" in html
    assert f"icatest replay {experiment / 'guided'} --failing" in _section(html)


def test_a_run_without_failures_says_how_to_find_some(tmp_path: Path):
    passing = [r for r in known_run_records() if r.success_decision == "pass"]
    run = write_run(tmp_path / "clean", passing)
    write_report([run], model=None)
    steps = _section((run / "report.html").read_text())
    assert "No failing conversation" in steps and "icatest fuzz" in steps
    assert "icatest replay" not in steps


def test_cluster_scatter_has_axes_legend_and_colours():
    clusters = {
        "clusters": [{"id": 0, "label": "route charger"}, {"id": 1, "label": "door video"}],
        "items": [
            {"x": -1.2, "y": 0.4, "cluster": 0, "run": "guided"},
            {"x": 0.8, "y": -0.3, "cluster": 1, "run": "guided"},
            {"x": 1.9, "y": 0.9, "cluster": 1, "run": "baseline"},
        ],
    }
    chart = str(cluster_projection(clusters, ["guided", "baseline"]))
    # colours: one per cluster, in the points and in the legend
    assert f'fill="{svg.PALETTE[0]}"' in chart and f'fill="{svg.PALETTE[1]}"' in chart
    assert "cluster 0: route charger" in chart and "cluster 1: door video" in chart
    assert "guided" in chart and "baseline" in chart  # the shapes' legend: one per run
    # axes: labelled, with round ticks spanning the data on both sides of zero
    assert "first principal component" in chart and "second principal component" in chart
    ticks = re.findall(r'text-anchor="(?:middle|end)" font-size="12">(-?[\d.]+)</text>', chart)
    values = {float(t) for t in ticks}
    assert min(values) <= -1.2 and max(values) >= 1.9 and 0.0 in values


def test_range_ticks_cover_negative_and_positive_values():
    assert svg.range_ticks(-1.2, 1.9, 5) == [-2.0, -1.0, 0.0, 1.0, 2.0]
    assert svg.range_ticks(-1.2, 1.9, 8) == [-1.5, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 2.0]
    assert svg.range_ticks(3.0, 3.0)[0] <= 3.0 <= svg.range_ticks(3.0, 3.0)[-1]


def test_fuzz_ends_with_the_report_command(tmp_path: Path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ICATEST_SCRIPTED_TURN_S", "0.0")
    out = tmp_path / "runs" / "f"
    code = main(["fuzz", "--sut", "reference", "--max-conversations", "2", "--out", str(out),
                 "--quiet", "--engine", EngineName.SCRIPTED])  # fmt: skip
    assert code in (0, 3)
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1] == report_hint(out) and lines[-1].startswith(f"next: icatest report {out}")


def test_compare_ends_with_the_report_command(tmp_path: Path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "short.yaml").write_text(
        "name: short\ncampaign: {max_conversations: 1, turn_budgets: [2], rng_seed: 1}\n"
        "backends: [{name: reference, sut: reference}]\n"
    )
    assert main(["compare", "short.yaml", "--quiet", "--no-preflight"]) in (0, 3)
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1] == report_hint(Path("runs") / "short")
