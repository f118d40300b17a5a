"""CLI commands: honorific (Korean speech levels: check, rewrite, fragment, evaluate).

The analysis itself lives in icatest.locar.honorifics; this module parses options and prints.
Imports of that package happen inside the commands so `icatest --help` stays fast.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from icatest.errors import ConfigError

honorific_app = typer.Typer(
    no_args_is_help=True, help="Korean speech levels (hae / haeyo / hapsyo): check and rewrite."
)

_LEVEL_HELP = "target speech level: hae, haeyo or hapsyo"
_JSONL_HELP = 'JSONL file, one {"text": ..., "level": ...} per line (results go to stdout)'


def _level(value: str | None) -> Any:
    if value is None:
        return None
    from icatest.locar.honorifics.levels import parse_level

    try:
        return parse_level(value)
    except ValueError as exc:
        raise ConfigError("--level", str(exc)) from exc


def _inputs(text: str | None, jsonl: Path | None) -> None:
    if (text is None) == (jsonl is None):
        raise ConfigError("arguments", "give either TEXT or --jsonl FILE (exactly one)")


def _emit_jsonl(rows: Any) -> None:
    for row in rows:
        typer.echo(json.dumps(row, ensure_ascii=False))


@honorific_app.command("check")
def check(
    text: str | None = typer.Argument(None, help="the response to check"),
    level: str | None = typer.Option(None, "--level", "-l", help=_LEVEL_HELP),
    as_json: bool = typer.Option(False, "--json", help="print the verdict as JSON"),
    jsonl: Path | None = typer.Option(None, "--jsonl", help=_JSONL_HELP),
) -> None:
    """Verify that every sentence keeps the target level (exit 1 on a violation for TEXT)."""
    _inputs(text, jsonl)
    target = _level(level)
    from icatest.locar.honorifics import batch

    if jsonl is not None:
        _emit_jsonl(batch.check_results(batch.read_requests(jsonl, target)))
        return
    if target is None:
        raise ConfigError("--level", "required with TEXT")
    from icatest.locar.honorifics import verify

    result = verify(text or "", target)
    if as_json:
        typer.echo(result.model_dump_json(indent=2))
    else:
        for s in result.sentences:
            typer.echo(f"{s.level.value:8} {s.text}")
        typer.echo("ok" if result.ok else f"violation: {len(result.violations)} sentence(s)")
    if not result.ok:
        raise typer.Exit(1)


@honorific_app.command("rewrite")
def rewrite_cmd(
    text: str | None = typer.Argument(None, help="the text to rewrite"),
    level: str | None = typer.Option(None, "--level", "-l", help=_LEVEL_HELP),
    as_json: bool = typer.Option(False, "--json", help="print text, level and ok as JSON"),
    jsonl: Path | None = typer.Option(None, "--jsonl", help=_JSONL_HELP),
) -> None:
    """Rewrite sentence-final endings to the target level (offline, Kiwi), then verify."""
    _inputs(text, jsonl)
    target = _level(level)
    from icatest.locar.honorifics import batch

    if jsonl is not None:
        _emit_jsonl(batch.rewrite_results(batch.read_requests(jsonl, target)))
        return
    if target is None:
        raise ConfigError("--level", "required with TEXT")
    from icatest.locar.honorifics.rewriter import rewrite

    result = rewrite(text or "", target)
    if as_json:
        typer.echo(json.dumps({"text": result.text, "level": result.level.value,
                               "ok": result.ok}, ensure_ascii=False))  # fmt: skip
    else:
        typer.echo(result.text)
    if not result.ok:
        raise typer.Exit(1)


@honorific_app.command("fragment")
def fragment_cmd(text: str = typer.Argument(..., help="a user turn")) -> None:
    """Keyword-style fragment of a user turn (content nouns + main verb 기)."""
    from icatest.locar.honorifics.fragments import fragment

    typer.echo(fragment(text))


@honorific_app.command("evaluate")
def evaluate_cmd(
    tsv: Path | None = typer.Option(
        None, "--tsv", help="SmileStyle corpus TSV (default $ICATEST_SMILESTYLE_TSV)"
    ),
) -> None:
    """Accuracy per level and rewriter success on the labelled test set, as JSON."""
    from icatest.locar.honorifics.metrics import evaluate
    from icatest.locar.honorifics.testset import load_testset

    typer.echo(evaluate(load_testset(tsv)).model_dump_json(indent=2))


@honorific_app.command("filter-rates")
def filter_rates_cmd(
    tsv: Path | None = typer.Option(
        None, "--tsv", help="SmileStyle corpus TSV (default $ICATEST_SMILESTYLE_TSV)"
    ),
    rows: int | None = typer.Option(None, "--rows", min=1, help="Only the first N corpus rows."),
    mixed_polite: bool = typer.Option(
        False, "--mixed-polite", help="Accept 해요체 and 합쇼체 alike for a polite target."
    ),
) -> None:
    """How often the verifier alone rejects correct text, per level, as JSON: the labelled test
    set (sentences) and the corpus columns (cells)."""
    from icatest.locar.honorifics.filter_rates import column_flag_rates, labelled_flag_rates
    from icatest.locar.honorifics.testset import load_testset

    out = {
        "mixed_polite": mixed_polite,
        "labelled_sentences": labelled_flag_rates(load_testset(tsv), mixed_polite=mixed_polite),
        "corpus_cells": column_flag_rates(tsv, rows=rows, mixed_polite=mixed_polite),
    }
    typer.echo(json.dumps(
        {k: ({lvl: r.model_dump() for lvl, r in v.items()} if isinstance(v, dict) else v)
         for k, v in out.items()}, indent=2, ensure_ascii=False))  # fmt: skip


def register(app: typer.Typer) -> None:
    """Add the `honorific` group to the main app."""
    app.add_typer(honorific_app, name="honorific")
