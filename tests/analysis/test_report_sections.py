"""`icatest report --calibration/--kpi` embeds the other features' sections, escaped."""

from __future__ import annotations

from pathlib import Path

from icatest.cli import main
from icatest.data import PACKAGED
from tests.analysis.runfactory import known_run_records, write_run


def test_report_embeds_calibration_and_kpi_sections(tmp_path: Path, shared_data: Path) -> None:
    run = write_run(tmp_path / "run", known_run_records())
    cal = tmp_path / "cal.json"
    fed = shared_data / "calibration" / "fed_data.json"
    assert main(["calibrate", "humans", "--labels", str(fed), "--out", str(cal)]) == 0
    kpi = tmp_path / "kpi"
    dataset = PACKAGED / "datasets" / "locar_sample.yaml"
    code = main(
        ["kpi", "run", "--dataset", str(dataset), "--sut", "reference:none", "--out", str(kpi),
         "--run-id", "sections"]
    )  # fmt: skip
    assert code == 0
    out = tmp_path / "report"
    code = main(
        ["report", str(run), "--no-embed", "--out", str(out), "--calibration", str(cal),
         "--kpi", str(kpi)]
    )  # fmt: skip
    assert code == 0
    html = (out / "report.html").read_text()
    assert "Judge calibration against people" in html and "LoCar KPIs" in html
    assert "speech_level" in html


def test_report_names_a_bad_calibration_file(tmp_path: Path, capsys) -> None:
    run = write_run(tmp_path / "run", known_run_records())
    bad = tmp_path / "cal.json"
    bad.write_text('{"dimensions": 3}')
    assert main(["report", str(run), "--no-embed", "--calibration", str(bad)]) == 2
    assert "cal.json" in capsys.readouterr().err
