"""The data icatest ships with: strategies, personas, seed pools and contexts, the demo experiment,
the LoCar KPI sample dataset and golden set, the sample manuals and taxonomy.

These files live here, inside the package, and nowhere else: the wheel takes them from this
folder, so an installed icatest has exactly what a checkout has. Where data is looked up
(`find_data_dir`): --data-dir, then $ICATEST_DATA, then a project folder in the current
directory, then this folder.
"""

from __future__ import annotations

from pathlib import Path

PACKAGED = Path(__file__).resolve().parent

# the folders a data directory (--data-dir, $ICATEST_DATA, a project folder) must hold
CATALOG_FOLDERS = ("strategies", "personas")


def packaged_names(kind: str) -> list[str]:
    """Names a user may give instead of a path for `kind` (datasets, experiments, manuals, ...)."""
    folder = PACKAGED / kind
    return sorted(p.stem for p in folder.iterdir() if p.is_file()) if folder.is_dir() else []


def packaged_or_path(value: Path, kind: str) -> Path:
    """`value` if it exists; else the packaged file (or, for the bare kind name, the packaged
    folder) it names: `demo` -> experiments/demo.yaml, `locar_sample` -> datasets/...,
    `manuals` -> the sample manuals. Anything else is returned unchanged, so the caller's own
    "file not found" names what the user typed."""
    if value.exists() or value.name != str(value):  # an existing file, or a path with folders
        return value
    folder = PACKAGED / kind
    if value.name == kind and folder.is_dir():
        return folder
    for candidate in sorted(folder.iterdir()) if folder.is_dir() else []:
        if candidate.is_file() and value.name in (candidate.name, candidate.stem):
            return candidate
    return value
