"""CLI commands: `judge turns` (judge single turns from a JSONL file) and `judge train`
(rebuild the offline judge's learned artefact from the data in the repository)."""

from __future__ import annotations

from pathlib import Path

import typer

from icatest.cli.options import TURN_JUDGE

judge_app = typer.Typer(
    no_args_is_help=True,
    help="Judge single turns outside a conversation (offline or a model); train the offline "
    "judge's learned part.",
)


def register(app: typer.Typer) -> None:
    app.add_typer(judge_app, name="judge")


@judge_app.command("turns")
def turns(
    source: Path = typer.Argument(..., help="JSONL, one turn per line (docs/offline_backend.md)"),
    turn_judge: str = TURN_JUDGE,
    out: Path | None = typer.Option(None, "--out", help="results JSONL (default: stdout)"),
    concurrency: int = typer.Option(4, "--concurrency", min=1),
) -> None:
    """Judge each turn of FILE: labels, completed and uncertain requests, findings."""
    import asyncio

    from icatest.contracts.labels import Role
    from icatest.judges.setup import bind_roles
    from icatest.judges.turn_cases import judge_cases, read_cases
    from icatest.llm.gateway import ModelGateway

    cases = list(read_cases(source))
    binding = bind_roles({Role.TURN_JUDGE: turn_judge}, combine_final_turn=False)
    gateway = ModelGateway(roles=binding.roles)
    results = asyncio.run(judge_cases(gateway, cases, binding.judges.turn, concurrency))
    from icatest.judges.turn_cases import write_results

    text = write_results(results, out)
    if text is not None:
        typer.echo(text, nl=False)
    else:
        uncertain = sum(1 for r in results if r.uncertain)
        unscored = sum(1 for r in results if not r.scored)
        flagged = sum(1 for r in results if r.labels)
        typer.echo(
            f"judged {len(results)} turns -> {out}: {flagged} flagged, "
            f"{uncertain} with uncertain requests, {unscored} unscored",
            err=True,
        )


@judge_app.command("train")
def train(
    data: Path | None = typer.Option(
        None, "--data", help="training JSONL (default: the packaged icatest/data/judge/train.jsonl)"
    ),
    out: Path | None = typer.Option(
        None, "--out", help="artefact (default: the packaged icatest/data/judge/answer_model.json)"
    ),
) -> None:
    """Rebuild the offline judge's learned answer model from labelled turns (deterministic)."""
    from icatest.judges.answer_training import FOLDS, write_artefact
    from icatest.judges.answer_training import train as fit
    from icatest.judges.rules.learned import ARTEFACT_PATH, DATA_PATH, package_file

    source = data or package_file(DATA_PATH)
    target = out or package_file(ARTEFACT_PATH)
    trained = fit(source)
    write_artefact(trained, target)
    m = trained.model
    counts = ", ".join(f"{k} {v}" for k, v in m.class_counts.items())
    typer.echo(
        f"trained on {m.examples} examples ({counts}) from {source}: "
        f"training accuracy {m.training_accuracy:.3f}, {len(m.features)} features, "
        f"{FOLDS}-fold cross-validated accuracy {m.cv_accuracy:.3f}; "
        f"data sha256 {m.data_sha256[:12]} -> {target} ({len(trained.text)} bytes)"
    )
