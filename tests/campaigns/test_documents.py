"""The run directory's documents are typed: each matches the JSON schema `icatest schema NAME`
prints, reads back through icatest.storage.rundir as it was written, and older files still read."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from pydantic import ValidationError

from icatest.analysis.embedding import HashingEmbedder
from icatest.analysis.workflow import write_clusters, write_report
from icatest.campaigns.experiments.experiment import ExperimentConfig, run_experiment
from icatest.campaigns.running.breaker import Health
from icatest.cli import main
from icatest.contracts.documents import CampaignStatus, RunManifest
from icatest.contracts.schemas import SCHEMAS, json_schema
from icatest.errors import ConfigError
from icatest.storage.rundir import (
    read_clusters,
    read_comparison,
    read_manifest,
    read_metrics,
    write_manifest,
    write_metrics,
)


@pytest.fixture
def experiment(data_dir: Path, tmp_path: Path, scripted: dict[str, str]) -> Path:
    """A two-arm experiment run by the campaign runner, then its report and clusters."""
    import asyncio

    exp = ExperimentConfig.model_validate({
        "name": "docs", "backends": [{"name": "ref", "sut": "reference"}],
        "campaign": {"max_conversations": 4, "data_dir": str(data_dir), "rng_seed": 3,
                     "only_user_data": True},
    })  # fmt: skip
    folder = tmp_path / "exp"
    asyncio.run(run_experiment(exp, folder, **scripted))
    arms = [folder / "guided", folder / "baseline"]
    write_report(arms, out_dir=folder / "report", embedder=HashingEmbedder())
    write_clusters(arms, out_dir=folder / "report", embedder=HashingEmbedder())
    return folder


def _check(name: str, document: object) -> None:
    jsonschema.validate(document, json_schema(name))


def test_schema_lists_the_documents_and_names_an_unknown_one(capsys) -> None:
    assert main(["schema"]) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert listed == list(SCHEMAS)
    assert {"manifest", "metrics", "comparison", "clusters", "status", "bench"} <= set(listed)
    assert main(["schema", "manifesto"]) == 2
    assert "manifesto" in capsys.readouterr().err
    assert main(["schema", "status"]) == 0
    assert json.loads(capsys.readouterr().out)["enum"] == [s.value for s in CampaignStatus]


@pytest.mark.parametrize("name", list(SCHEMAS))
def test_every_schema_is_a_valid_json_schema(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(json_schema(name))


def test_documents_written_by_a_run_match_their_schemas(experiment: Path) -> None:
    guided = experiment / "guided"
    manifest = json.loads((guided / "manifest.json").read_text())
    _check("manifest", manifest)
    _check("status", manifest["status"])
    for line in (guided / "progress.jsonl").read_text().splitlines():
        _check("progress", json.loads(line))
    for line in (guided / "conversations.jsonl").read_text().splitlines():
        _check("record", json.loads(line))
    _check("comparison", json.loads((experiment / "comparison.json").read_text()))
    metrics = json.loads((experiment / "report" / "metrics.json").read_text())
    _check("metrics", metrics)
    assert metrics["comparison"] is not None and metrics["clusters"] is not None
    _check("clusters", json.loads((experiment / "report" / "clusters.json").read_text()))
    # the schema is closed: a key the model does not know is refused
    metrics["metrics"]["guided"] = {**next(iter(metrics["metrics"].values())), "typo": 1}
    with pytest.raises(jsonschema.ValidationError, match="typo"):
        _check("metrics", metrics)


def test_documents_read_back_through_rundir_as_written(experiment: Path, tmp_path: Path) -> None:
    guided = experiment / "guided"
    manifest = read_manifest(guided)
    assert manifest.status is CampaignStatus.COMPLETED and manifest.conversations == 4
    assert manifest.sessions and manifest.sessions[-1].ended_at == manifest.ended_at
    copy = tmp_path / "copy"
    copy.mkdir()
    write_manifest(copy, manifest)
    assert read_manifest(copy) == manifest

    report = experiment / "report"
    metrics = read_metrics(report)
    assert set(metrics.metrics) == set(metrics.runs) and metrics.comparison is not None
    assert write_metrics(copy, json.loads((report / "metrics.json").read_text())).exists()
    assert read_metrics(copy) == metrics
    assert (copy / "metrics.json").read_text() == (report / "metrics.json").read_text()

    comparison = read_comparison(experiment)
    assert set(comparison.arms) == {"guided", "baseline"}
    assert {r.status for r in comparison.runs} == {CampaignStatus.COMPLETED}
    clusters = read_clusters(report)
    assert clusters.items is not None and len(clusters.items) == clusters.n_items
    assert metrics.clusters is not None and metrics.clusters.items is None  # in the details


def test_write_metrics_refuses_a_summary_its_model_does_not_know(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match="conversatons"):
        write_metrics(tmp_path, {"runs": ["a"], "metrics": {"a": {"conversatons": 3}}})
    assert not (tmp_path / "metrics.json").exists()


def test_a_manifest_of_an_older_version_still_reads(tmp_path: Path) -> None:
    """What the first versions wrote: no sessions, elapsed time, dropped parameters or counts."""
    (tmp_path / "manifest.json").write_text(json.dumps({
        "run_id": "old", "icatest_version": "0.0.9", "created_at": 1_700_000_000,
        "started_at": 1_700_000_000, "ended_at": None, "status": "completed", "mode": "guided",
        "config": {"budget_s": 60}, "models": {}, "prompt_versions": {},
    }))  # fmt: skip
    manifest = read_manifest(tmp_path)
    assert manifest.status is CampaignStatus.COMPLETED and manifest.sessions == []
    assert manifest.dropped_params == {} and manifest.conversations is None
    assert read_manifest(tmp_path / "missing", missing_ok=True) == RunManifest()


@pytest.mark.parametrize(
    ("change", "field"), [({"stauts": "completed"}, "stauts"), ({"status": "done"}, "status")]
)
def test_a_bad_manifest_names_the_field(tmp_path: Path, change: dict[str, str], field: str) -> None:
    (tmp_path / "manifest.json").write_text(json.dumps({"run_id": "x", **change}))
    with pytest.raises(ConfigError, match=field):
        read_manifest(tmp_path)


def test_every_way_a_breaker_ends_a_campaign_is_a_status() -> None:
    downs = {h.value for h in Health if h.value.endswith("_down")}
    assert downs and downs <= {s.value for s in CampaignStatus}


async def test_a_campaign_ends_with_a_status_of_the_enum(
    data_dir: Path, tmp_path: Path, scripted: dict[str, str]
) -> None:
    from campaign_helpers import config

    from icatest.campaigns import run_campaign

    result = await run_campaign(config(data_dir, max_conversations=2), tmp_path / "run",
                                handle_signals=False, **scripted)  # fmt: skip
    assert result.status is CampaignStatus.COMPLETED
    assert read_manifest(tmp_path / "run").status is result.status
