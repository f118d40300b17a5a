"""The package's import graph: no cycles between modules, every import points down the floors
(docs/architecture.md), and the core does not depend on its extensions (no core package imports
LoCar; judges never import calibration).

Every `import` statement counts, including the ones inside functions and under TYPE_CHECKING (a
lazy import hides a cycle or an arrow up from the interpreter, not from the design).
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "icatest"

# The floors, bottom first: a module may import its own floor and the floors below, never above.
# Every top-level package or module of icatest has a floor (a new one must be placed here).
FLOORS: list[tuple[str, tuple[str, ...]]] = [
    # records, configuration, files, HTTP and retry infrastructure (`icatest`: the version)
    ("foundation", tuple("icatest contracts config data errors storage lazy net".split())),
    ("foundation", tuple("scoring testing".split())),
    # models, assistants, what the assistant hears
    ("backends", ("llm", "catalog", "sut", "channel", "examples", "embeddings")),
    ("conversation parts", ("simulator", "strategy", "judges")),
    ("loop", ("engine",)),
    ("runs", ("campaigns", "preflight")),
    ("results", ("analysis", "calibration", "regression", "bench")),  # bench measures reports too
    ("extensions", ("locar",)),
    ("surface", ("cli", "__main__")),
]
_NAMES = list(dict.fromkeys(name for name, _ in FLOORS))
FLOOR = {pkg: _NAMES.index(name) for name, pkgs in FLOORS for pkg in pkgs}

# Arrows up that exist today, each named. Nothing may be added here; an entry that no longer
# exists fails test_allowances_are_still_needed. (The core knows LoCar's speech-level check
# through icatest.judges.checks, registered by the CLI: no arrow up is left.)
ALLOWED_UP: set[tuple[str, str]] = set()

FORBIDDEN = {  # importer package -> packages it must not import, whatever the floors say
    "icatest.judges": ("icatest.locar", "icatest.calibration"),
    **{
        f"icatest.{core}": ("icatest.locar",)
        for core in (
            "engine", "campaigns", "simulator", "strategy", "analysis", "calibration", "regression"
        )
    },
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The icatest modules `name` imports (`from pkg import sub` counts as pkg.sub)."""
    is_package = path.name == "__init__.py"
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".")
                anchor = anchor[: len(anchor) - node.level + (1 if is_package else 0)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in known:
                    out.add(sub)
                elif base in known:
                    out.add(base)
    out.discard(name)
    return out


@functools.cache
def import_graph() -> dict[str, frozenset[str]]:
    """Module -> the icatest modules it imports (read once per test session)."""
    modules = _modules()
    known = set(modules)
    return {name: frozenset(_imports(name, path, known)) for name, path in modules.items()}


def cycles(graph: Mapping[str, AbstractSet[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_checker_sees_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_checker_reads_relative_and_lazy_imports(tmp_path: Path) -> None:
    path = tmp_path / "x.py"
    path.write_text("from . import b\ndef f():\n    from icatest.c import d\n")
    known = {"icatest.pkg.b", "icatest.c", "icatest.c.d"}
    assert _imports("icatest.pkg.x", path, known) == {"icatest.pkg.b", "icatest.c.d"}


def test_no_import_cycles() -> None:
    found = cycles(import_graph())
    assert found == [], "import cycles: " + "; ".join(" <-> ".join(c) for c in found)


def _top(module: str) -> str:
    """`icatest.engine.single` -> `engine`; the package itself is `icatest`."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def arrows_up(graph: Mapping[str, AbstractSet[str]]) -> set[tuple[str, str]]:
    """(importer, imported) pairs where the imported module lives on a higher floor."""
    return {
        (module, target)
        for module, targets in graph.items()
        for target in targets
        if FLOOR[_top(target)] > FLOOR[_top(module)]
    }


def test_every_package_has_a_floor() -> None:
    tops = {_top(m) for m in _modules()}
    assert sorted(tops - set(FLOOR)) == [], "place the new package in FLOORS"
    assert sorted(set(FLOOR) - tops) == [], "FLOORS names a package that is gone"


def test_the_checker_sees_an_arrow_up_inside_a_function(tmp_path: Path) -> None:
    path = tmp_path / "x.py"
    path.write_text("def f():\n    from icatest.campaigns.running import runner\n")
    known = {"icatest.campaigns", "icatest.campaigns.running.runner"}
    graph = {"icatest.sut.x": _imports("icatest.sut.x", path, known)}
    assert arrows_up(graph) == {("icatest.sut.x", "icatest.campaigns.running.runner")}
    assert arrows_up({"icatest.cli.x": {"icatest.campaigns.running.runner"}}) == set()


def test_no_arrow_runs_up_the_floors() -> None:
    bad = sorted(arrows_up(import_graph()) - ALLOWED_UP)
    assert bad == [], "imports from a lower floor to a higher one: " + "; ".join(
        f"{a} -> {b}" for a, b in bad
    )


def test_allowances_are_still_needed() -> None:
    graph = import_graph()
    gone = sorted(pair for pair in ALLOWED_UP if pair[1] not in graph.get(pair[0], set()))
    assert gone == [], "remove these from ALLOWED_UP: " + "; ".join(f"{a} -> {b}" for a, b in gone)


def _reaches(target: str, forbidden: tuple[str, ...]) -> bool:
    return any(target == f or target.startswith(f + ".") for f in forbidden)


@pytest.mark.parametrize(("importer", "forbidden"), sorted(FORBIDDEN.items()))
def test_core_does_not_import_its_extensions(importer: str, forbidden: tuple[str, ...]) -> None:
    bad = sorted(
        f"{module} -> {target}"
        for module, targets in import_graph().items()
        if module == importer or module.startswith(importer + ".")
        for target in targets
        if _reaches(target, forbidden) and (module, target) not in ALLOWED_UP
    )
    assert bad == []
