"""HTML report: self-contained, figures present, hostile transcript text rendered as text."""

from __future__ import annotations

import base64
import hashlib
import json
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


def _conversation_data(html: str) -> list:
    start = html.index('<script type="application/json" id="conversation-data">')
    body = html[start:].split(">", 1)[1]
    return json.loads(body[: body.index("</script>")])


def test_hostile_text_is_escaped_everywhere(tmp_path: Path):
    html = _render(tmp_path)
    # exactly two script elements, both ours: the JSON data block and the pinned browser script
    assert html.lower().count("<script") == 2 and html.lower().count("</script") == 2
    assert "<img" not in html.lower() and "<iframe" not in html.lower()
    assert "<b id='injected-bold'>" not in html  # no tag from a rationale reaches the parser
    # server-rendered text (seed phrases of typical cluster members, headline) is escaped ...
    assert SCRIPT not in html and BREAKOUT not in html and RATIONALE not in html
    # ... and the browser's data carries the hostile strings intact, as data
    rows = {r["id"]: r for r in _conversation_data(html)}
    hostile = rows["hostile"]
    assert hostile["turns"][0][1] == SCRIPT and hostile["turns"][0][2] == BREAKOUT
    assert hostile["turns"][0][6] == [["constraint_missed", RATIONALE]]
    assert hostile["seed"] == f"{SCRIPT} seed"
    assert len(rows) == 6  # every conversation, not only the failing ones


def test_browser_script_is_pinned_by_the_csp(tmp_path: Path):
    html = _render(tmp_path)
    csp = re.search(r"script-src (\'sha256-[A-Za-z0-9+/=]+\')", html)
    assert csp is not None
    script = html.split("<script>", 1)[1].split("</script>", 1)[0]
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    assert csp.group(1) == f"'sha256-{digest}'"


def test_control_characters_become_visible_escapes(tmp_path: Path):
    html = _render(tmp_path)
    assert not re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", html)
    data = json.dumps(_conversation_data(html))
    assert "bell\\\\x07 escape\\\\x1b[31m nul\\\\x00 end" in data
    assert visible_controls("a\tb\nc\x01") == "a\tb\nc\\x01"


def test_report_is_self_contained_with_all_figures(tmp_path: Path):
    html = _render(tmp_path)
    data = json.dumps(_conversation_data(html), ensure_ascii=False)
    assert "src='http://example.invalid'" in data  # the hostile sut_error, inert JSON data
    markup = re.sub(r'(?s)<script type="application/json".*?</script>', "", html)
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", markup)
    assert "<link" not in html
    assert html.count("<svg") == 6
    for caption in ("Cumulative failures", "Failure types discovered over time", "Failure types",
                    "Success scores", "Failure clusters", "Failures by turn position"):  # fmt: skip
        assert caption in html


def test_extra_sections_hook(tmp_path: Path):
    fragment = f"<p id='kpi'>{escape(SCRIPT)}</p>"
    html = _render(tmp_path, extra_sections=[("KPI <summary>", fragment)])
    assert "<p id='kpi'>" in html  # trusted fragment inserted as markup
    assert "KPI &lt;summary&gt;" in html  # the title is still escaped
