"""CLI command: list (personas, strategies, seed pools, fault profiles: names options take)."""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Any

import typer

from icatest.cli import options


class Kind(StrEnum):
    PERSONAS = "personas"
    STRATEGIES = "strategies"
    SEED_POOLS = "seed-pools"
    FAULT_PROFILES = "fault-profiles"


def register(app: typer.Typer) -> None:
    app.command("list")(list_cmd)


def list_cmd(
    kind: Kind = typer.Argument(..., help="personas | strategies | seed-pools | fault-profiles"),
    data_dir: Path | None = options.DATA_DIR,
    only_user_data: bool = options.ONLY_USER_DATA,
    as_json: bool = typer.Option(False, "--json", help="Print the rows as JSON."),
) -> None:
    """List personas, strategies, seed pools or fault profiles (the names options accept)."""
    if kind is Kind.FAULT_PROFILES:
        rows, source = _fault_profiles()
    else:
        from icatest.catalog.loader import load_catalog

        catalog = load_catalog(data_dir, only_user_data=only_user_data)
        rows, source = _catalog_rows(kind, catalog), _sources(catalog, only_user_data)
    if as_json:
        typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    typer.echo(f"{kind.value} in {source}:")
    columns = [k for k in (rows[0] if rows else {}) if k != "description"]
    widths = {k: max(len(k), *(len(str(r[k])) for r in rows)) for k in columns}
    typer.echo("  " + "  ".join(k.ljust(widths[k]) for k in columns) + "  description")
    for row in rows:
        cells = "  ".join(str(row[k]).ljust(widths[k]) for k in columns)
        typer.echo(f"  {cells}  {row['description']}".rstrip())


def _sources(catalog: Any, only_user_data: bool) -> str:
    from icatest.data import CATALOG_ROOT

    packaged = f"the packaged data ({CATALOG_ROOT})"
    if catalog.root == CATALOG_ROOT:
        return packaged
    return str(catalog.root) if only_user_data else f"{packaged} and {catalog.root}"


def _catalog_rows(kind: Kind, catalog: Any) -> list[dict[str, Any]]:
    """One row per item; `from` is `packaged` or the data folder it came from."""
    if kind is Kind.PERSONAS:
        return [
            {"name": p.name, "language": p.language, "speech_level": p.speech_level or "-",
             "from": catalog.origin("persona", p.name), "description": p.description}
            for p in sorted(catalog.personas.values(), key=lambda p: p.name)
        ]  # fmt: skip
    if kind is Kind.STRATEGIES:
        return [
            {"name": s.name, "failure_mode": s.failure_mode.value,
             "max_consecutive": s.max_consecutive, "languages": ",".join(s.languages),
             "from": catalog.origin("strategy", s.name), "description": s.description}
            for s in sorted(catalog.strategies.values(), key=lambda s: s.name)
        ]  # fmt: skip
    return [
        {"name": name, "seeds": len(pool.seeds), "language": pool.language,
         "from": catalog.origin("seed pool", name), "description": pool.description}
        for name, pool in sorted(catalog.seed_pools.items())
    ]  # fmt: skip


def _fault_profiles() -> tuple[list[dict[str, Any]], str]:
    from icatest.sut.reference.faults import PROFILE_DIR, load_profile

    rows = []
    for path in sorted(PROFILE_DIR.glob("*.yaml")):
        profile = load_profile(path.stem)
        active = [name for name, fault in profile.faults if fault.rate > 0]
        rows.append({"name": profile.name, "faults": ",".join(active) or "-",
                     "description": profile.description})  # fmt: skip
    return rows, str(PROFILE_DIR)
