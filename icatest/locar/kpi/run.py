"""A KPI run: answer every instance, judge the answers, aggregate, write results.json + report."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from icatest.llm.gateway import ModelGateway, ModelSpec
from icatest.llm.settings import RoleSettings
from icatest.locar.kpi.answers import SUT_MODEL_ROLE, AnswerFn, HistoryMode
from icatest.locar.kpi.dataset import KpiDataset, KpiInstance
from icatest.locar.kpi.evaluate import Verifier, default_verifier, evaluate
from icatest.locar.kpi.judge import judge_roles
from icatest.locar.kpi.protocol import PAPER, Protocol, SpeechLevelKpis
from icatest.locar.kpi.results import (
    InstanceResult,
    KpiResults,
    latency_summary,
    score_table,
)

RESULTS_FILE = "results.json"
REPORT_FILE = "kpi_report.html"


def kpi_models(judges: list[str], sut_model: str | None = None) -> dict[str, str]:
    """`{role: model}`: one role per judge (`kpi_judge` or `kpi_judge.1..n`), maybe `sut_model`."""
    if not judges:
        raise ValueError("at least one judge is needed")
    models = dict(zip(judge_roles(len(judges)), judges, strict=True))
    if sut_model is not None:
        models[SUT_MODEL_ROLE] = sut_model
    return models


def kpi_gateway(
    judges: list[str],
    sut_model: str | None = None,
    settings: Mapping[str, RoleSettings] | None = None,
) -> tuple[ModelGateway, list[str]]:
    """The gateway of `kpi_models` (with `settings` per role, e.g. preflight's resolved ones)
    and the judge roles."""
    models = kpi_models(judges, sut_model)
    given = settings or {}
    bindings = {
        role: ModelSpec.parse(model, settings=given.get(role) or RoleSettings())
        for role, model in models.items()
    }
    return ModelGateway(roles=bindings), judge_roles(len(judges))


async def run_kpis(
    dataset: KpiDataset,
    answer: AnswerFn,
    gateway: ModelGateway,
    roles: list[str],
    *,
    model_label: str,
    concurrency: int = 4,
    verifier: Verifier = default_verifier,
    dataset_path: str | None = None,
    run_id: str | None = None,
    protocol: Protocol = PAPER,
    settings: dict[str, Any] | None = None,
) -> KpiResults:
    """Every instance answered and judged, at most `concurrency` at a time, in dataset order."""
    semaphore = asyncio.Semaphore(max(1, concurrency))

    async def one(instance: KpiInstance) -> InstanceResult:
        async with semaphore:
            got = await answer(instance)
            outcomes = await evaluate(
                instance,
                got.text,
                gateway,
                roles,
                verifier=verifier,
                sut_error=got.error,
                history=got.seen_history(instance),
                own_history=got.history_mode is HistoryMode.REPLAY,
                protocol=protocol,
            )
        return InstanceResult(
            id=instance.id,
            use_case=instance.use_case.value,
            language=instance.language.value,
            speech_level=instance.speech_level.value if instance.speech_level else None,
            multi_turn=instance.is_multi_turn,
            target_turn=instance.target_turn,
            question=instance.target.question,
            reference_answer=instance.target.reference_answer,
            response=got.text,
            latency_s=round(got.latency_s, 4),
            e2e_latency_s=None if got.e2e_latency_s is None else round(got.e2e_latency_s, 4),
            history_mode=got.history_mode,
            history_note=got.history_note,
            sut_error=got.error,
            history_replies=got.history_replies,
            outcomes=outcomes,
        )

    instances = await asyncio.gather(*(one(i) for i in dataset.instances))
    return KpiResults(
        run_id=run_id or uuid.uuid4().hex[:12],
        created_at=time.time(),
        dataset={
            "name": dataset.name,
            "path": dataset_path,
            "instances": len(dataset.instances),
            "sampling": dataset.sampling.model_dump(mode="json") if dataset.sampling else None,
        },
        model=model_label,
        judges=[{"role": r, "model": gateway.spec(r).label()} for r in roles],
        prompt_versions=dict(sorted(gateway.prompt_versions.items())),
        protocol=protocol.model_dump(mode="json"),
        settings=settings or {},
        usage={role: u.model_dump() for role, u in gateway.usage.items()},
        scores=score_table(
            model_label,
            instances,
            per_level=protocol.speech_level_kpis is SpeechLevelKpis.PER_LEVEL,
        ),
        latency=latency_summary([i.latency_s for i in instances if i.response is not None]),
        e2e_latency=latency_summary(
            [i.e2e_latency_s for i in instances if i.response is not None and i.e2e_latency_s]
        ),
        instances=list(instances),
    )


def write_results(results: KpiResults, out_dir: Path) -> dict[str, Path]:
    """results.json (everything) and kpi_report.html (self-contained, escaped)."""
    from icatest.locar.kpi.report import render_report

    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {"results": out_dir / RESULTS_FILE, "report": out_dir / REPORT_FILE}
    payload = results.model_dump(mode="json")
    paths["results"].write_text(json.dumps(payload, ensure_ascii=False, indent=2) + "\n", "utf-8")
    paths["report"].write_text(render_report(results), "utf-8")
    return paths


def load_results(path: Path) -> KpiResults:
    """Read a results.json (or the run folder holding one)."""
    from icatest.config.loading import load_model

    path = path / RESULTS_FILE if path.is_dir() else path
    return load_model(path, KpiResults)
