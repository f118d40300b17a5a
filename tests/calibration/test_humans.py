"""Judge-vs-human agreement tables on small tables with hand-checkable answers."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from icatest.analysis.agreement import cohen_kappa, krippendorff_alpha, spearman_rho
from icatest.calibration.humans import analyse, default_pass_threshold, majority
from icatest.calibration.labels import LabelRow, LabelTable
from icatest.calibration.render import calibration_section
from icatest.cli import main


def _table(ratings: dict[str, dict[str, list[float]]]) -> LabelTable:
    """dimension -> annotator -> values by item position."""
    rows = [
        LabelRow(f"i{k}", dim, ann, v)
        for dim, per_annotator in ratings.items()
        for ann, values in per_annotator.items()
        for k, v in enumerate(values)
    ]
    return LabelTable.from_rows(rows)


def test_majority_and_threshold() -> None:
    assert majority([1.0, 1.0, 0.0]) == 1.0
    assert majority([1.0, 0.0]) is None
    assert default_pass_threshold([0, 1, 2]) == 2
    assert default_pass_threshold([0, 1, 2, 3, 4]) == 3


def test_binary_dimension_against_direct_statistics() -> None:
    rng = np.random.default_rng(0)
    h1 = rng.integers(0, 2, 80).astype(float)
    h2 = np.where(rng.random(80) < 0.8, h1, 1 - h1)
    h3 = np.where(rng.random(80) < 0.8, h1, 1 - h1)
    judge = np.where(rng.random(80) < 0.7, h1, 1 - h1)
    table = _table(
        {"irrelevant": {"h1": list(h1), "h2": list(h2), "h3": list(h3), "j": list(judge)}}
    )
    d = analyse(table, judge="j").dimensions[0]
    assert d.kind == "binary" and d.n_items == 80 and d.humans == ["h1", "h2", "h3"]
    expected = np.mean([cohen_kappa(h, judge) for h in (h1, h2, h3)])
    assert d.judge_vs_humans is not None and d.judge_vs_humans.kappa == pytest.approx(expected)
    pair = np.mean([cohen_kappa(h1, h2), cohen_kappa(h1, h3), cohen_kappa(h2, h3)])
    assert d.human_pairwise is not None and d.human_pairwise.kappa == pytest.approx(pair)
    maj = (h1 + h2 + h3 >= 2).astype(float)
    assert d.judge_vs_majority is not None
    assert d.judge_vs_majority.kappa == pytest.approx(cohen_kappa(maj, judge))
    assert d.majority_ties == 0 and d.judge_vs_majority.n == 80
    assert d.human_alpha == pytest.approx(krippendorff_alpha([h1, h2, h3]))
    assert d.judge_vs_humans.within_one is None  # meaningless on a binary label


def test_ordinal_dimension_uses_quadratic_kappa_and_pass_threshold() -> None:
    h1 = [0, 1, 2, 2, 1, 0, 2, 2]
    h2 = [0, 1, 2, 1, 1, 0, 2, 2]
    judge = [1, 1, 2, 2, 0, 0, 2, 1]
    d = analyse(_table({"plan": {"a": h1, "b": h2, "j": judge}}), judge="j").dimensions[0]
    assert d.kind == "ordinal" and d.pass_threshold == 2
    assert d.judge_vs_humans is not None
    k = np.mean([cohen_kappa(h, judge, "quadratic", labels=[0, 1, 2]) for h in (h1, h2)])
    assert d.judge_vs_humans.kappa == pytest.approx(k)
    rho = np.mean([spearman_rho(h, judge) for h in (h1, h2)])
    assert d.judge_vs_humans.rho == pytest.approx(rho)
    # majority of two humans: only where they agree (7 items, 1 tie)
    assert d.majority_ties == 1 and d.judge_vs_majority is not None and d.judge_vs_majority.n == 7
    # pass iff score == 2: judge passes items 2,3,6; h1 passes 2,3,6,7 (F1 6/7);
    # h2 passes 2,6,7 (tp 2, fp 1, fn 1: F1 4/6)
    f1_a = 6 / 7
    f1_b = 4 / 6
    assert d.judge_vs_humans.f1 == pytest.approx((f1_a + f1_b) / 2)
    lenient = analyse(_table({"plan": {"a": h1, "b": h2, "j": judge}}), judge="j", pass_threshold=1)
    assert lenient.dimensions[0].pass_threshold == 1


def test_perfect_judge_and_no_judge() -> None:
    h = [0, 1, 1, 0, 1, 0]
    d = analyse(_table({"x": {"a": h, "b": h, "j": h}}), judge="j").dimensions[0]
    assert d.judge_vs_humans is not None and d.judge_vs_humans.kappa == pytest.approx(1.0)
    only_humans = analyse(_table({"x": {"a": h, "b": h}})).dimensions[0]
    assert only_humans.judge_vs_humans is None and only_humans.human_pairwise is not None


def test_html_section_is_escaped() -> None:
    table = _table({"<script>": {"a": [0, 1, 1, 0], "b": [0, 1, 0, 0], "j": [1, 1, 0, 0]}})
    html = calibration_section(analyse(table, judge="j", source="x&y"))
    assert "<script>" not in html and "&lt;script&gt;" in html and "x&amp;y" in html
    assert html.startswith('<section class="calibration">') and html.count("<tr>") == 2


def test_cli_text_json_and_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "labels.csv"
    path.write_text(
        "item,dimension,annotator,value\n"
        + "".join(
            f"i{k},safety,{a},{v}\n"
            for k in range(6)
            for a, v in (("ann1", k % 3), ("ann2", (k + (k == 4)) % 3), ("judge", (k + 1) % 3))
        )
    )
    assert main(["calibrate", "humans", "--labels", str(path), "--judge", "judge", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["judge"] == "judge" and data["dimensions"][0]["kind"] == "ordinal"
    assert main(["calibrate", "humans", "--labels", str(path), "--judge", "judge"]) == 0
    assert "safety" in capsys.readouterr().out
    assert main(["calibrate", "humans", "--labels", str(path), "--judge", "nobody"]) == 2
    assert "not an annotator" in capsys.readouterr().err
