"""Explicit registries built from the YAML data folders (strategies/, personas/, seeds/).

Layout::

    strategies/<name>.yaml   one StrategySpec each
    personas/<name>.yaml     one Persona each
    seeds/<pool>.yaml        one SeedPool each
    seeds/contexts.yaml      a ContextSet
    constraints.yaml         constraint ids of the folder's own (a user folder only)

The packaged data comes first; a user's data folder adds to it, and its item of the same name
(strategy, persona, seed pool, context id) replaces the packaged one. `only_user_data` reads the
user's folder alone. Every item remembers where it came from (`Catalog.origins`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from icatest.catalog.constraints import ConstraintVocabulary, constraint_vocabulary, vocabulary_with
from icatest.config.loading import find_data_dir, load_model
from icatest.contracts.scenario import Context, ContextSet, Persona, SeedPool, StrategySpec
from icatest.errors import ConfigError, NotFoundError

CONTEXTS_FILE = "contexts.yaml"
PACKAGED_ORIGIN = "packaged"
V = TypeVar("V")


@dataclass
class Catalog:
    root: Path  # the user's data folder, else the packaged data
    strategies: dict[str, StrategySpec] = field(default_factory=dict)
    personas: dict[str, Persona] = field(default_factory=dict)
    seed_pools: dict[str, SeedPool] = field(default_factory=dict)
    contexts: list[Context] = field(default_factory=list)
    constraints: ConstraintVocabulary = field(default_factory=constraint_vocabulary)
    # (kind, name) -> "packaged" or the data folder the item came from
    origins: dict[tuple[str, str], str] = field(default_factory=dict)

    def persona(self, name: str) -> Persona:
        return _lookup(self.personas, name, "persona")

    def seed_pool(self, name: str) -> SeedPool:
        return _lookup(self.seed_pools, name, "seed pool")

    def strategy(self, name: str) -> StrategySpec:
        return _lookup(self.strategies, name, "strategy")

    def origin(self, kind: str, name: str) -> str:
        return self.origins.get((kind, name), PACKAGED_ORIGIN)

    def require_strategies(self) -> None:
        """Guided mode steers with strategies: none at all is an error naming the folder."""
        if not self.strategies:
            raise ConfigError(
                str(self.root / "strategies"),
                "guided mode needs strategies and none were found (add one, drop "
                "--only-user-data, or run --mode baseline)",
            )


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


def load_catalog(data_dir: Path | None = None, *, only_user_data: bool = False) -> Catalog:
    """The packaged data plus the user's data folder (find_data_dir); any invalid file raises
    ConfigError naming file and field."""
    from icatest.data import CATALOG_ROOT

    user = find_data_dir(data_dir)
    if only_user_data and user is None:
        where = "--data-dir, $ICATEST_DATA or a project folder"
        raise ConfigError("--only-user-data", f"needs a data folder ({where})")
    if user is not None and _same(user, CATALOG_ROOT):
        user = None  # the top of a clone: that is the packaged data
    layers: list[tuple[Path, str]] = []
    if not (only_user_data and user is not None):
        layers.append((CATALOG_ROOT, PACKAGED_ORIGIN))
    if user is not None:
        layers.append((user, str(user)))
    cat = Catalog(root=user or CATALOG_ROOT, constraints=vocabulary_with(user))
    for root, origin in layers:
        _load_layer(cat, root, origin)
    return cat


def _load_layer(cat: Catalog, root: Path, origin: str) -> None:
    def keep(kind: str, name: str) -> None:
        if origin != PACKAGED_ORIGIN:
            cat.origins[(kind, name)] = origin
        else:
            cat.origins.pop((kind, name), None)

    for path in _named_files(root / "strategies"):
        spec = load_model(path, StrategySpec)
        _check_name(path, spec.name)
        cat.strategies[spec.name] = spec
        keep("strategy", spec.name)
    for path in _named_files(root / "personas"):
        persona = load_model(path, Persona)
        _check_name(path, persona.name)
        cat.personas[persona.name] = persona
        keep("persona", persona.name)
    pools: set[str] = set()
    for path in _named_files(root / "seeds", skip={CONTEXTS_FILE}):
        pool = load_model(path, SeedPool)
        check_constraints(path, pool, cat.constraints)
        if pool.pool in pools:
            raise ConfigError(str(path), f"duplicate seed pool name {pool.pool!r}", "pool")
        pools.add(pool.pool)
        cat.seed_pools[pool.pool] = pool
        keep("seed pool", pool.pool)
    ctx_file = root / "seeds" / CONTEXTS_FILE
    if ctx_file.exists():
        contexts = {c.id: c for c in cat.contexts}
        for context in load_model(ctx_file, ContextSet).contexts:
            contexts[context.id] = context
            keep("context", context.id)
        cat.contexts = list(contexts.values())


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def check_constraints(
    path: Path, pool: SeedPool, vocabulary: ConstraintVocabulary | None = None
) -> None:
    """Every constraint of every seed target is a known id (constraints.yaml)."""
    vocabulary = vocabulary or constraint_vocabulary()
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
