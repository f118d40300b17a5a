"""The package's import graph: no cycles between modules, and the core does not depend on its
extensions (judges never import locar or calibration).

Every `import` statement counts, including the ones inside functions (a lazy import hides a
cycle from the interpreter, not from the design).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "icatest"
FORBIDDEN = {  # importer package -> packages it must not import
    "icatest.judges": ("icatest.locar", "icatest.calibration"),
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


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
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


@pytest.mark.parametrize(("importer", "forbidden"), sorted(FORBIDDEN.items()))
def test_core_does_not_import_its_extensions(importer: str, forbidden: tuple[str, ...]) -> None:
    bad = sorted(
        f"{module} -> {target}"
        for module, targets in import_graph().items()
        if module == importer or module.startswith(importer + ".")
        for target in targets
        if any(target == f or target.startswith(f + ".") for f in forbidden)
    )
    assert bad == []
