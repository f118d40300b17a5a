"""`kpi run` end to end: the sample dataset, three offline judges, the full table and report."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from icatest.cli import main
from icatest.data import PACKAGED
from icatest.locar.kpi import (
    KPIS,
    KpiDataset,
    kpi_gateway,
    kpi_section,
    load_dataset,
    load_results,
    run_kpis,
)
from icatest.testing import FakeOpenAI

JUDGES = ["offline", "offline:strict", "offline:lenient"]
SAMPLE = PACKAGED / "datasets" / "locar_sample.yaml"


def name(row: dict[str, Any]) -> str:
    return f"{row['kpi']}_{row['speech_level']}" if row.get("speech_level") else row["kpi"]


def check_table(scores: list[dict[str, Any]], n_instances: int) -> dict[str, dict[str, Any]]:
    rows = {name(r): r for r in scores if r["use_case"] == "all"}
    # the paper's 13 KPIs: three speech-level KPIs, one per level; plus the gate
    per_level = {f"speech_level_{lvl}" for lvl in ("hae", "haeyo", "hapsyo")}
    assert set(rows) == {k.value for k in KPIS} - {"speech_level"} | per_level
    assert len(rows) == 14
    assert rows["meaningful_information_inclusion"]["n"] == n_instances
    for row in rows.values():
        assert row["scored"] + row["unscored"] + row["gated"] + row["exempt"] == row["n"]
        if row["scored"]:
            value = row["accuracy"] if row["accuracy"] is not None else row["mean_likert"]
            assert row["ci_low"] <= value <= row["ci_high"]
    assert {r["use_case"] for r in scores} == {"car_expert", "navigation", "all"}
    return rows


@pytest.mark.timeout(120)
def test_sample_against_reference_assistant(sample: KpiDataset, tmp_path: Path) -> None:
    code = main(
        [
            "kpi",
            "run",
            "--dataset",
            str(SAMPLE),
            "--sut",
            "reference",
            "--judges",
            ",".join(JUDGES),
            "--out",
            str(tmp_path),
            "--run-id",
            "e2e",
            "--concurrency",
            "8",
        ]
    )
    assert code == 0
    data = json.loads((tmp_path / "results.json").read_text("utf-8"))
    rows = check_table(data["scores"], len(sample.instances))
    # the reference assistant answers every instance, Korean ones in Korean
    assert all(i["response"] for i in data["instances"])
    assert any(
        "\uac00" <= ch <= "\ud7a3"
        for i in data["instances"]
        if i["language"] == "ko"
        for ch in i["response"]
    )
    # its seeded register drift is caught by the pre-check, not by a judge
    slips = [
        o
        for i in data["instances"]
        for o in i["outcomes"]
        if o["kpi"] == "speech_level" and o["value"] is False
    ]
    assert slips and all(o["stage"] == "precheck" and o["votes"] == [] for o in slips)
    # it answers nothing from car manuals: the gate excludes many dialogue KPIs
    assert rows["meaningful_information_inclusion"]["accuracy"] < 0.6
    assert sum(r["gated"] for r in rows.values()) > 0
    assert rows["conciseness"]["mean_likert"] is not None
    assert data["latency"]["n"] == len(sample.instances)
    assert {j["model"] for j in data["judges"]} == set(JUDGES)
    assert data["prompt_versions"]["kpi_meaningful_information_inclusion"] == "2"
    assert data["e2e_latency"]["n"] == len(sample.instances)
    # harmful questions are exempt from conciseness under the paper's protocol
    assert rows["conciseness"]["exempt"] == sum(
        1 for i in sample.instances if {"harmful_question_response", "conciseness"} <= set(i.kpis)
    )
    results = load_results(tmp_path)
    assert results.model == "reference" and results.run_id == "e2e"
    page = (tmp_path / "kpi_report.html").read_text("utf-8")
    assert "<section" in page and "seeds its faults from the session ids" in page


def test_cli_with_a_model_as_the_assistant(sample_path: Path, tmp_path: Path) -> None:
    """`--model offline` answers with the reference answers: an upper bound for the judges."""
    code = main(
        [
            "kpi",
            "run",
            "--dataset",
            str(sample_path),
            "--model",
            "offline",
            "--judges",
            ",".join(JUDGES),
            "--out",
            str(tmp_path),
            "--lang",
            "en",
        ]
    )
    assert code == 0
    data = json.loads((tmp_path / "results.json").read_text("utf-8"))
    assert data["model"] == "model:offline"
    assert {i["language"] for i in data["instances"]} == {"en"}
    rows = {r["kpi"]: r for r in data["scores"] if r["use_case"] == "all"}
    assert rows["meaningful_information_inclusion"]["accuracy"] == 1.0
    assert rows["conciseness"]["mean_likert"] == 3.0


def test_cli_against_an_openai_compatible_endpoint(sample_path: Path, tmp_path: Path) -> None:
    """A scripted endpoint that always falls back: every gate false, harmful stays scored."""
    with FakeOpenAI(lambda messages: "Sorry, I can't help with that.") as server:
        code = main(
            [
                "kpi",
                "run",
                "--dataset",
                str(sample_path),
                "--sut",
                server.base_url + "/v1",
                "--out",
                str(tmp_path),
                "--concurrency",
                "3",
            ]
        )
        assert server.requests  # it was really asked
    assert code == 0
    data = json.loads((tmp_path / "results.json").read_text("utf-8"))
    sample = load_dataset(sample_path)
    rows = check_table(data["scores"], len(sample.instances))
    # recall-first gate: only the refusals of harmful questions carry meaningful information
    harmful = sum(1 for i in sample.instances if "harmful_question_response" in i.kpis)
    gate = rows["meaningful_information_inclusion"]
    assert gate["yes"] == harmful and gate["scored"] == len(sample.instances)
    assert rows["retention"]["gated"] == rows["retention"]["n"]
    assert rows["harmful_question_response"]["gated"] == 0
    assert rows["harmful_question_response"]["scored"] == rows["harmful_question_response"]["n"]


def test_cli_needs_exactly_one_assistant(sample_path: Path, tmp_path: Path, capsys: Any) -> None:
    code = main(["kpi", "run", "--dataset", str(sample_path), "--out", str(tmp_path)])
    assert code == 2
    assert "exactly one of --sut, --sut-config or --model" in capsys.readouterr().err


def test_cli_bad_dataset_names_file_and_field(tmp_path: Path, capsys: Any) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("instances:\n  - id: a\n    use_case: car_expert\n    language: fr\n")
    code = main(["kpi", "run", "--dataset", str(bad), "--model", "offline", "--out", str(tmp_path)])
    assert code == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "instances.0.language" in err


def test_report_escapes_untrusted_text(sample: KpiDataset, tmp_path: Path) -> None:
    evil = "<script>alert(1)</script>"

    async def answer(instance: Any) -> Any:
        from icatest.locar.kpi import Answer

        return Answer(text=evil, latency_s=0.01)

    gateway, roles = kpi_gateway(["offline"])
    small = sample.model_copy(update={"instances": sample.instances[:2]})
    results = asyncio.run(run_kpis(small, answer, gateway, roles, model_label=evil))
    html = kpi_section(results)
    assert evil not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_cli_report_compares_runs_and_schema(
    sample_path: Path, tmp_path: Path, capsys: Any
) -> None:
    for name in ("a", "b"):
        assert (
            main(
                [
                    "kpi",
                    "run",
                    "--dataset",
                    str(sample_path),
                    "--model",
                    "offline",
                    "--judges",
                    "offline",
                    "--out",
                    str(tmp_path / name),
                    "--lang",
                    "ko",
                ]
            )
            == 0
        )
    page = tmp_path / "both.html"
    assert (
        main(
            [
                "kpi",
                "report",
                str(tmp_path / "a"),
                str(tmp_path / "b" / "results.json"),
                "--out",
                str(page),
            ]
        )
        == 0
    )
    html = page.read_text("utf-8")
    # two runs of one assistant stay apart: each is named by its run id
    ids = [load_results(tmp_path / n).run_id for n in ("a", "b")]
    assert ids[0] != ids[1]
    for rid in ids:
        assert f"<h3>model:offline [{rid}]</h3>" in html
    assert "not sampled (no sampling seed)" in html
    capsys.readouterr()
    assert main(["kpi", "schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert "instances" in schema["properties"]
