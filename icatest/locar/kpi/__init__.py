"""LoCar KPI evaluation: dataset format, three-stage judging with an ensemble, results, report.

Typical use::

    dataset = load_dataset(Path("locar_sample"))  # the packaged sample, or any file
    gateway, roles = kpi_gateway(["offline", "offline:strict", "offline:lenient"])
    results = await run_kpis(dataset, answer_fn, gateway, roles, model_label="reference")
    write_results(results, Path("runs/kpi"))
"""

from icatest.locar.kpi.answers import (
    Answer,
    HistoryMode,
    ask_assistant,
    assistant_answers,
    model_answers,
)
from icatest.locar.kpi.dataset import (
    KpiDataset,
    KpiInstance,
    Language,
    SpeechLevel,
    Turn,
    UseCase,
    dump_dataset,
    load_dataset,
)
from icatest.locar.kpi.evaluate import KpiOutcome, evaluate, precheck
from icatest.locar.kpi.golden import Annotator, AnnotatorKind, GoldenItem, GoldenSet, load_golden
from icatest.locar.kpi.judge import KpiVerdict, LikertVerdict, judge, judge_roles
from icatest.locar.kpi.kpis import GATE, KPIS, Kpi, KpiInfo, Layer, Scope
from icatest.locar.kpi.levels import at_level, retarget
from icatest.locar.kpi.protocol import PAPER, GatePolicy, Protocol, SpeechLevelKpis
from icatest.locar.kpi.report import kpi_section, render_report
from icatest.locar.kpi.results import InstanceResult, KpiResults, ScoreRow
from icatest.locar.kpi.run import kpi_gateway, load_results, run_kpis, write_results
from icatest.locar.kpi.sampling import sample_dataset
from icatest.locar.kpi.vote import Vote, majority_vote

__all__ = [
    "GATE",
    "KPIS",
    "PAPER",
    "Annotator",
    "AnnotatorKind",
    "Answer",
    "GatePolicy",
    "GoldenItem",
    "GoldenSet",
    "HistoryMode",
    "Protocol",
    "SpeechLevelKpis",
    "InstanceResult",
    "Kpi",
    "KpiDataset",
    "KpiInfo",
    "KpiInstance",
    "KpiOutcome",
    "KpiResults",
    "KpiVerdict",
    "Language",
    "Layer",
    "LikertVerdict",
    "ScoreRow",
    "Scope",
    "SpeechLevel",
    "Turn",
    "UseCase",
    "Vote",
    "ask_assistant",
    "at_level",
    "assistant_answers",
    "dump_dataset",
    "evaluate",
    "judge",
    "judge_roles",
    "kpi_gateway",
    "kpi_section",
    "load_dataset",
    "load_golden",
    "load_results",
    "majority_vote",
    "model_answers",
    "precheck",
    "render_report",
    "retarget",
    "run_kpis",
    "sample_dataset",
    "write_results",
]
