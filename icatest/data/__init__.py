"""The data icatest ships with: strategies, personas, seed pools and contexts, the demo experiment,
the LoCar KPI sample dataset and golden set, the sample manuals and taxonomy.

`strategies/`, `personas/`, `seeds/` and `experiments/` are kept at the top of the repository,
where the team edits them; the build maps each into this folder of the wheel (setup.py), so an
installed icatest has exactly what a checkout has, from one copy in git. In a clone, or an
editable install, they are read where they are kept. Everything else lives here.

A user's data folder (--data-dir, $ICATEST_DATA or a project folder) adds to these and overrides
an item of the same name (icatest/catalog/loader.py).
"""

from __future__ import annotations

from pathlib import Path

PACKAGED = Path(__file__).resolve().parent

# the catalog a data folder may hold (any of them) and, with experiments/, the folders the build
# maps from the top of the repository into this package
CATALOG_FOLDERS = ("strategies", "personas", "seeds")
TOP_LEVEL = (*CATALOG_FOLDERS, "experiments")


def _catalog_root() -> Path:
    # installed from a wheel: here; a clone or an editable install: the repository's top
    return PACKAGED if (PACKAGED / "strategies").is_dir() else PACKAGED.parents[1]


CATALOG_ROOT = _catalog_root()  # the folder holding the packaged strategies/, personas/, seeds/


def packaged_path(kind: str) -> Path:
    """The packaged folder of `kind` (strategies, experiments, datasets, manuals, ...)."""
    return (CATALOG_ROOT if kind in TOP_LEVEL else PACKAGED) / kind


def packaged_names(kind: str) -> list[str]:
    """Names a user may give instead of a path for `kind` (datasets, experiments, manuals, ...)."""
    folder = packaged_path(kind)
    return sorted(p.stem for p in folder.iterdir() if p.is_file()) if folder.is_dir() else []


def packaged_or_path(value: Path, kind: str) -> Path:
    """`value` if it exists; else the packaged file (or, for the bare kind name, the packaged
    folder) it names: `demo` -> experiments/demo.yaml, `locar_sample` -> datasets/...,
    `manuals` -> the sample manuals. Anything else is returned unchanged, so the caller's own
    "file not found" names what the user typed."""
    if value.exists() or value.name != str(value):  # an existing file, or a path with folders
        return value
    folder = packaged_path(kind)
    if value.name == kind and folder.is_dir():
        return folder
    for candidate in sorted(folder.iterdir()) if folder.is_dir() else []:
        if candidate.is_file() and value.name in (candidate.name, candidate.stem):
            return candidate
    return value
