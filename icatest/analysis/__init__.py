"""Analysis of run directories: load runs, compute metrics, cluster failures, render reports.

Notebook entry point: `load_run(path)` returns a `Run` with typed records and pandas tables.
"""

from icatest.analysis.agreement import (
    binary_f1,
    bootstrap_ci,
    cohen_kappa,
    exact_agreement,
    fleiss_kappa,
    krippendorff_alpha,
    mcnemar,
    spearman_rho,
    within_one,
)
from icatest.analysis.clusters import cluster_runs, cluster_vectors
from icatest.analysis.compare import compare_metrics
from icatest.analysis.embedding import (
    Embedder,
    HashingEmbedder,
    SentenceTransformerEmbedder,
    resolve_embedder,
)
from icatest.analysis.export import export_run
from icatest.analysis.metrics import compute_metrics
from icatest.analysis.report import render_report
from icatest.analysis.run import Run, load_run
from icatest.analysis.workflow import build_metrics, write_clusters, write_report

__all__ = [
    "Embedder",
    "HashingEmbedder",
    "Run",
    "SentenceTransformerEmbedder",
    "binary_f1",
    "bootstrap_ci",
    "build_metrics",
    "cluster_runs",
    "cluster_vectors",
    "cohen_kappa",
    "compare_metrics",
    "compute_metrics",
    "exact_agreement",
    "export_run",
    "fleiss_kappa",
    "krippendorff_alpha",
    "load_run",
    "mcnemar",
    "render_report",
    "resolve_embedder",
    "spearman_rho",
    "within_one",
    "write_clusters",
    "write_report",
]
