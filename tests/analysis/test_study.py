"""Studies across runs (icatest.analysis.study): 36 run directories, per run and pooled."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from studyfactory import BACKENDS, write_study_runs

from icatest.analysis.metrics import compute_metrics
from icatest.analysis.study import (
    load_study,
    study_metrics,
    study_of_dirs,
    summarise_run,
    summarise_runs,
    write_study,
)
from icatest.analysis.study_summary import RunSummary
from icatest.cli import main
from icatest.storage.rundir import STUDY_SUMMARY, iter_conversations

EXACT = """conversations failing_conversations passing_conversations unscored_conversations
invalid_conversations partial_conversations assistant_error_conversations failure_rate
flagged_conversations flagged_rate scored_conversations mean_success_score
unique_failure_types_per_conversation failure_type_counts conversations_with_type prevalence
share_with_3plus_types distinct_failure_types failure_events early_failure_share failures_by_turn
conversations_reaching_turn failure_share_by_turn calls input_tokens output_tokens
total_tokens""".split()  # the figures that pool exactly (the sd and the cost: to rounding)


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[Path, tuple[str, int]]:
    return write_study_runs(tmp_path_factory.mktemp("study"))


def write_yaml(runs: dict[Path, tuple[str, int]], path: Path) -> Path:
    spec = {
        "title": "six backends x six sessions",
        "runs": [
            {"path": str(p), "labels": {"backend": b, "session": str(s)}}
            for p, (b, s) in runs.items()
        ],
    }
    path.write_text(yaml.safe_dump(spec), encoding="utf-8")
    return path


def test_pooled_figures_equal_one_run_holding_every_conversation(runs):
    paths = list(runs)
    pooled = RunSummary.pool(summarise_runs(paths, use_cache=False)).figures()
    everything = [r for p in paths for r in iter_conversations(p)]
    single = compute_metrics(everything)
    assert pooled["conversations"] == len(everything) > 36 * 4
    for key in EXACT:
        assert pooled[key] == single[key], key
    assert pooled["sd_success_score"] == pytest.approx(single["sd_success_score"], rel=1e-12)
    assert pooled["cost_usd"] == pytest.approx(single["cost_usd"], rel=1e-12)
    passing, decided = (
        single["passing_conversations"],
        single["passing_conversations"] + single["failing_conversations"],
    )
    assert pooled["pass_rate"] == passing / decided
    low, high = pooled["pass_rate_ci95"]
    assert low < passing / decided < high


def test_per_backend_figures_equal_that_backends_runs_as_one(runs, tmp_path: Path):
    study = load_study(write_yaml(runs, tmp_path / "study.yaml"))
    by_backend = {b: [p for p, (bb, _) in runs.items() if bb == b] for b in BACKENDS}
    result = study_metrics(study, summarise_runs([r.path for r in study.runs]))
    assert sorted(result["groups"]) == sorted(BACKENDS)
    for backend, paths in by_backend.items():
        single = compute_metrics([r for p in paths for r in iter_conversations(p)])
        group = result["groups"][backend]
        assert group["runs"] == 6
        for key in (
            "conversations",
            "failure_rate",
            "unique_failure_types_per_conversation",
            "prevalence",
            "unscored_conversations",
        ):
            assert group[key] == single[key], (backend, key)


def test_study_yaml_via_cli_writes_a_row_per_run_and_the_page(runs, tmp_path: Path, capsys):
    spec = write_yaml(runs, tmp_path / "study.yaml")
    assert main(["report", "--study", str(spec)]) == 0
    printed = capsys.readouterr().out
    assert "all runs: 36 runs" in printed and "backend alpha: 6 runs" in printed
    result = json.loads((tmp_path / "study.json").read_text())
    assert len(result["runs"]) == 36
    row = next(r for r in result["runs"] if r["run"] == "charlie-s4")
    single = compute_metrics(list(iter_conversations(Path(row["path"]))))
    assert row["labels"] == {"backend": "charlie", "session": "4"}
    assert row["conversations"] == single["conversations"]
    assert row["failure_rate"] == single["failure_rate"]
    assert result["label_keys"] == ["backend", "session"]
    assert result["warnings"] == []
    html = (tmp_path / "report.html").read_text()
    assert html.count("<tr><td title=") == 36  # one row per run
    assert "charlie-s4" in html and "<script" not in html
    assert "default-src 'none'" in html


def test_three_dirs_on_the_command_line_make_a_study(runs, tmp_path: Path):
    paths = [str(p) for p in list(runs)[:3]]
    assert main(["report", *paths, "--out", str(tmp_path / "out")]) == 0
    result = json.loads((tmp_path / "out" / "study.json").read_text())
    assert [r["run"] for r in result["runs"]] == ["alpha-s1", "alpha-s2", "alpha-s3"]
    assert result["pooled"]["runs"] == 3


def test_a_dir_that_is_not_a_run_exits_2_naming_it(runs, tmp_path: Path, capsys):
    stray = tmp_path / "not-a-run"
    stray.mkdir()
    paths = [str(p) for p in list(runs)[:2]]
    assert main(["report", *paths, str(stray), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err.splitlines()[-1]
    assert err.startswith("error:") and str(stray) in err and "not a run directory" in err
    assert not (tmp_path / "out" / "study.json").exists()


def test_a_run_named_twice_is_refused(runs, tmp_path: Path):
    first = str(next(iter(runs)))
    assert main(["report", first, first, str(list(runs)[1]), "--out", str(tmp_path)]) == 2


def test_mixed_judges_and_schemas_are_flagged(runs, tmp_path: Path):
    from runfactory import make_record, write_run

    other = make_record("x1", decision="fail", labels={0: ["constraint_missed"]})
    other.turns[0].evaluation.judge = "rules"  # type: ignore[union-attr]
    other.schema_version = 2
    odd = write_run(tmp_path / "odd", [other], run_id="odd-run")
    study = study_of_dirs([*list(runs)[:2], odd])
    result = write_study(study, out_dir=tmp_path / "out").metrics
    judges, schemas = result["warnings"]
    assert judges.startswith("The study mixes judges:") and "odd-run" in judges
    assert "rules" in judges
    assert "record schema v2 (odd-run)" in schemas
    html = (tmp_path / "out" / "report.html").read_text()
    assert "The study mixes judges" in html


def test_dask_executor_on_a_local_cluster_gives_the_local_summaries(runs):
    paths = list(runs)[:8]
    local = summarise_runs(paths, use_cache=False)
    remote = summarise_runs(paths, "dask", workers=1, use_cache=False)
    assert [s.to_json() for s in remote] == [s.to_json() for s in local]


def test_the_summary_cache_is_used_until_the_run_changes(tmp_path: Path):
    from runfactory import make_record, write_run

    run = write_run(tmp_path / "r", [make_record("a1", labels={1: ["constraint_missed"]})])
    folded = summarise_run(str(run))
    cache = run / STUDY_SUMMARY
    assert RunSummary.from_json(json.loads(cache.read_text())["summary"]) == folded
    held = json.loads(cache.read_text())
    held["summary"]["failing"] = 99  # a cache is believed while its key matches the file
    cache.write_text(json.dumps(held))
    assert summarise_run(str(run)).failing == 99
    with (run / "conversations.jsonl").open("a") as fh:  # the run grows: folded again
        fh.write(make_record("a2", decision="pass", score=0.9).model_dump_json() + "\n")
    again = summarise_run(str(run))
    assert (again.conversations, again.failing, again.passing) == (2, 1, 1)
    assert summarise_run(str(run), use_cache=False) == again


@pytest.mark.parametrize("confidence", [0.9, 0.95, 0.99])
def test_wilson_interval_is_scipys_without_importing_it(confidence: float):
    from scipy.stats import binomtest

    from icatest.analysis.trials import wilson_interval

    for n in (1, 2, 7, 40, 333):
        for c in {0, 1, n // 3, n - 1, n}:
            ci = binomtest(c, n).proportion_ci(confidence_level=confidence, method="wilson")
            assert wilson_interval(c, n, confidence) == pytest.approx((ci.low, ci.high), abs=1e-12)


def test_a_study_yaml_with_an_unknown_key_exits_2_naming_it(runs, tmp_path: Path, capsys):
    spec = tmp_path / "study.yaml"
    first = str(next(iter(runs)))
    spec.write_text(yaml.safe_dump({"runs": [{"path": first, "label": {"backend": "x"}}]}))
    assert main(["report", "--study", str(spec)]) == 2
    err = capsys.readouterr().err.splitlines()[-1]
    assert str(spec) in err and "label" in err


def test_study_json_on_stdout(runs, tmp_path: Path, capsys):
    paths = [str(p) for p in list(runs)[:3]]
    assert main(["report", *paths, "--json", "--out", str(tmp_path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == json.loads((tmp_path / "study.json").read_text())


def test_runs_without_the_group_label_are_pooled_apart_and_said(runs, tmp_path: Path):
    spec = tmp_path / "study.yaml"
    first, second = (str(p) for p in list(runs)[:2])
    runs_spec = [{"path": first, "labels": {"backend": "a"}}, {"path": second}]
    spec.write_text(yaml.safe_dump({"runs": runs_spec}))
    result = write_study(load_study(spec)).metrics
    assert sorted(result["groups"]) == ["(none)", "a"]
    assert result["warnings"] == ["Runs without the label 'backend', pooled as (none): alpha-s2."]


def test_an_unknown_executor_exits_2_naming_the_flag(runs, tmp_path: Path, capsys):
    paths = [str(p) for p in list(runs)[:3]]
    assert main(["report", *paths, "--executor", "spark", "--out", str(tmp_path)]) == 2
    assert "--executor: 'spark'" in capsys.readouterr().err
    assert not (tmp_path / "study.json").exists()
