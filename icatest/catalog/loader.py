"""Explicit registries built from the YAML data folders (strategies/, personas/, seeds/).

Layout::

    strategies/<name>.yaml   one StrategySpec each
    personas/<name>.yaml     one Persona each
    seeds/<pool>.yaml        one SeedPool each
    seeds/contexts.yaml      a ContextSet
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from icatest.catalog.constraints import constraint_vocabulary
from icatest.config.loading import find_data_dir, load_model
from icatest.contracts.scenario import Context, ContextSet, Persona, SeedPool, StrategySpec
from icatest.errors import ConfigError, NotFoundError

CONTEXTS_FILE = "contexts.yaml"
V = TypeVar("V")


@dataclass
class Catalog:
    root: Path
    strategies: dict[str, StrategySpec] = field(default_factory=dict)
    personas: dict[str, Persona] = field(default_factory=dict)
    seed_pools: dict[str, SeedPool] = field(default_factory=dict)
    contexts: list[Context] = field(default_factory=list)

    def persona(self, name: str) -> Persona:
        return _lookup(self.personas, name, "persona")

    def seed_pool(self, name: str) -> SeedPool:
        return _lookup(self.seed_pools, name, "seed pool")

    def strategy(self, name: str) -> StrategySpec:
        return _lookup(self.strategies, name, "strategy")


def _lookup(table: dict[str, V], name: str, kind: str) -> V:
    try:
        return table[name]
    except KeyError:
        known = ", ".join(sorted(table)) or "none"
        raise NotFoundError(f"unknown {kind} {name!r} (known: {known})") from None


def _named_files(folder: Path, skip: set[str] | None = None) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*.yaml") if p.name not in (skip or set()))


def load_catalog(data_dir: Path | None = None) -> Catalog:
    """Load every data folder; any invalid file raises ConfigError naming file and field."""
    root = find_data_dir(data_dir)
    cat = Catalog(root=root)
    for path in _named_files(root / "strategies"):
        spec = load_model(path, StrategySpec)
        _check_name(path, spec.name)
        cat.strategies[spec.name] = spec
    for path in _named_files(root / "personas"):
        persona = load_model(path, Persona)
        _check_name(path, persona.name)
        cat.personas[persona.name] = persona
    for path in _named_files(root / "seeds", skip={CONTEXTS_FILE}):
        pool = load_model(path, SeedPool)
        check_constraints(path, pool)
        if pool.pool in cat.seed_pools:
            raise ConfigError(str(path), f"duplicate seed pool name {pool.pool!r}", "pool")
        cat.seed_pools[pool.pool] = pool
    ctx_file = root / "seeds" / CONTEXTS_FILE
    if ctx_file.exists():
        cat.contexts = load_model(ctx_file, ContextSet).contexts
    return cat


def check_constraints(path: Path, pool: SeedPool) -> None:
    """Every constraint of every seed target is a known id (constraints.yaml)."""
    vocabulary = constraint_vocabulary()
    for i, seed in enumerate(pool.seeds):
        for group in ("targets", "extra_requests"):
            for j, target in enumerate(getattr(seed, group)):
                for k, constraint in enumerate(target.constraints):
                    problem = vocabulary.problem(constraint)
                    if problem:
                        where = f"seeds.{i}.{group}.{j}.constraints.{k}"
                        raise ConfigError(str(path), problem, where)


def _check_name(path: Path, name: str) -> None:
    if path.stem != name:
        raise ConfigError(
            str(path), f"name {name!r} must match the file name {path.stem!r}", "name"
        )
