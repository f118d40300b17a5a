"""Intermediate JSONL files between stages, and the manifest written next to an output."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import ValidationError

from icatest.config.loading import format_validation_error
from icatest.errors import ConfigError
from icatest.locar.build.models import Draft, Manifest, StageReport


def read_drafts(path: Path) -> list[Draft]:
    """Read a stage's JSONL; a bad line names the file, the line and the field."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise ConfigError(str(path), "file not found") from None
    drafts: list[Draft] = []
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            drafts.append(Draft.model_validate_json(line))
        except ValidationError as exc:
            field, problem = format_validation_error(exc)
            raise ConfigError(f"{path}: line {n}", problem, field) from None
    return drafts


def write_drafts(drafts: list[Draft], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(d.model_dump_json(exclude_none=True) + "\n" for d in drafts)
    path.write_text(text, encoding="utf-8")


def manifest_path(output: Path) -> Path:
    """`out/dataset.yaml` -> `out/dataset.manifest.json`."""
    return output.with_name(output.stem + ".manifest.json")


def write_manifest(output: Path, stages: list[StageReport]) -> Path:
    path = manifest_path(output)
    manifest = Manifest(output=str(output), stages=stages)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(manifest.model_dump_json(indent=2) + "\n", encoding="utf-8")
    return path


def read_manifest(path: Path) -> Manifest:
    try:
        return Manifest.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError) as exc:
        raise ConfigError(str(path), f"not a build manifest ({exc.__class__.__name__})") from None
