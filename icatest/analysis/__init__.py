"""Analysis of run directories: load runs, compute metrics, cluster failures, render reports.

Notebook entry points: `analyse([path])` computes what `icatest report` shows (the same
function); `load_run(path)` returns a `Run` with typed records and pandas tables.
"""

from typing import TYPE_CHECKING

from icatest.lazy import lazy_exports

if TYPE_CHECKING:  # the names for type checkers; at run time each loads on first use
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
        resolve_embedder,
    )
    from icatest.analysis.export import export_run
    from icatest.analysis.metrics import compute_metrics
    from icatest.analysis.report import render_report
    from icatest.analysis.run import Run, load_run
    from icatest.analysis.workflow import (
        Analysis,
        analyse,
        build_metrics,
        write_clusters,
        write_report,
    )

_EXPORTS = {
    "binary_f1": "agreement",
    "bootstrap_ci": "agreement",
    "cohen_kappa": "agreement",
    "exact_agreement": "agreement",
    "fleiss_kappa": "agreement",
    "krippendorff_alpha": "agreement",
    "mcnemar": "agreement",
    "spearman_rho": "agreement",
    "within_one": "agreement",
    "cluster_runs": "clusters",
    "cluster_vectors": "clusters",
    "compare_metrics": "compare",
    "Embedder": "embedding",
    "HashingEmbedder": "embedding",
    "resolve_embedder": "embedding",
    "export_run": "export",
    "compute_metrics": "metrics",
    "render_report": "report",
    "Run": "run",
    "load_run": "run",
    "Analysis": "workflow",
    "analyse": "workflow",
    "build_metrics": "workflow",
    "write_clusters": "workflow",
    "write_report": "workflow",
}
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)

__all__ = [
    "Analysis",
    "Embedder",
    "HashingEmbedder",
    "Run",
    "analyse",
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
