"""HTML report: self-contained, figures present, hostile transcript text rendered as text."""

from __future__ import annotations

import re
from pathlib import Path

from hostile import BREAKOUT, RATIONALE, SCRIPT, hostile_record
from markupsafe import escape
from runfactory import known_run_records, write_run

from icatest.analysis import load_run
from icatest.analysis.metrics import compute_metrics
from icatest.analysis.report import render_report, visible_controls


def _render(tmp_path: Path, **kwargs) -> str:
    run = load_run(write_run(tmp_path / "r", [*known_run_records(), hostile_record()]))
    metrics = {run.name: compute_metrics(run.records, start_time=run.start_time)}
    return render_report([run], metrics, **kwargs)


def test_hostile_text_is_escaped_everywhere(tmp_path: Path):
    html = _render(tmp_path)
    assert "<script" not in html.lower()
    assert "<img" not in html.lower() and "<iframe" not in html.lower()
    assert "injected-bold" not in html.replace("id=&#39;injected-bold&#39;", "")
    assert str(escape(SCRIPT)) in html
    assert str(escape(BREAKOUT)) in html
    assert str(escape(RATIONALE)) in html
    # the details elements stay balanced: one per failing conversation (3 known + hostile)
    assert html.count("<details") == html.count("</details>") == 4


def test_control_characters_become_visible_escapes(tmp_path: Path):
    html = _render(tmp_path)
    assert not re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", html)
    assert "bell\\x07 escape\\x1b[31m nul\\x00 end" in html
    assert visible_controls("a\tb\nc\x01") == "a\tb\nc\\x01"


def test_report_is_self_contained_with_all_figures(tmp_path: Path):
    html = _render(tmp_path)
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html)
    assert "<link" not in html
    assert html.count("<svg") == 5
    for caption in ("Cumulative failures", "Failure types", "Success scores",
                    "Failure clusters", "Failures by turn position"):  # fmt: skip
        assert caption in html


def test_extra_sections_hook(tmp_path: Path):
    fragment = f"<p id='kpi'>{escape(SCRIPT)}</p>"
    html = _render(tmp_path, extra_sections=[("KPI <summary>", fragment)])
    assert "<p id='kpi'>" in html  # trusted fragment inserted as markup
    assert "KPI &lt;summary&gt;" in html  # the title is still escaped
