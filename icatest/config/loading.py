"""Read YAML into pydantic models; every failure becomes a ConfigError naming file and field."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from icatest.errors import ConfigError

M = TypeVar("M", bound=BaseModel)
# libyaml's parser when PyYAML was built with it: the same documents, about 8x less CPU (the
# catalog is read at the start of every campaign)
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_yaml(path: Path) -> Any:
    """Parse a YAML (or JSON) file; syntax errors name the file and line."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(str(path), "file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(str(path), f"cannot read file ({exc.__class__.__name__})") from None
    try:
        if path.suffix == ".json":
            return json.loads(text)
        return yaml.load(text, Loader=_LOADER)
    except (yaml.YAMLError, json.JSONDecodeError) as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f"line {mark.line + 1}: " if mark is not None else ""
        detail = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise ConfigError(str(path), f"{line}invalid syntax: {detail}") from None


SHOWN_PROBLEMS = 5  # further ones are counted, so one line stays readable


def _field(loc: list[str], names: Mapping[str, str] | None) -> str:
    """The dotted field path, its longest known prefix in `names` spelled as given there
    (model_settings.turn_judge.temperature -> --model-setting turn_judge.temperature)."""
    if names:
        for cut in range(len(loc), 0, -1):
            flag = names.get(".".join(loc[:cut]))
            if flag is not None:
                return " ".join([flag, ".".join(loc[cut:])]).strip()
    return ".".join(loc) or "(top level)"


def _problem(
    err: Any, names: Mapping[str, str] | None, templates: Mapping[str, str] | None
) -> tuple[str, str]:
    field = _field([str(p) for p in err["loc"]], names)
    ctx = err.get("ctx") or {}
    if err["type"] == "extra_forbidden":
        return field, "unknown field"
    if err["type"] == "missing":
        return field, "required field is missing"
    if templates and err["type"] in templates:  # a problem naming fields: in the reader's words
        return field, templates[err["type"]].format(**{k: (names or {}).get(k, k) for k in ctx})
    if err["type"] == "value_error" and "error" in ctx:
        return field, str(ctx["error"])  # the validator's own sentence, without "Value error, "
    return field, str(err["msg"])


def format_validation_error(
    exc: ValidationError,
    names: Mapping[str, str] | None = None,
    templates: Mapping[str, str] | None = None,
) -> tuple[str, str]:
    """(field path, problem) of the first error, e.g. ('seeds.3.targets.0.kind', '…'); the
    problem also names the next few errors with their fields, so none is hidden.

    `names` spells fields as the reader knows them (a command line's flags: budget_s ->
    --budget); `templates` re-words errors that name fields (error type -> a message with
    {field} slots, filled from the error's context)."""
    errors = exc.errors()
    field, problem = _problem(errors[0], names, templates)
    others = [f"{f}: {p}" for f, p in (_problem(e, names, templates)
                                       for e in errors[1:SHOWN_PROBLEMS])]  # fmt: skip
    if others:
        problem += "; also " + "; ".join(others)
    hidden = len(errors) - SHOWN_PROBLEMS
    if hidden > 0:
        problem += f"; and {hidden} more problem{'s' if hidden > 1 else ''}"
    return field, problem


def validate(data: Any, model: type[M], source: str) -> M:
    if data is None:
        raise ConfigError(source, "file is empty")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        field, problem = format_validation_error(exc)
        raise ConfigError(source, problem, field) from None


def load_model(path: Path, model: type[M]) -> M:
    """Load and validate one YAML/JSON file as `model`."""
    return validate(read_yaml(path), model, str(path))


def find_data_dir(explicit: Path | None = None) -> Path | None:
    """The user's data folder, which adds to the packaged data; None when there is none.

    Order: the explicit argument (--data-dir), $ICATEST_DATA, then a project folder (the current
    directory when it holds strategies/, personas/ or seeds/). An explicit folder or
    $ICATEST_DATA is used or refused, never silently replaced.
    """
    from icatest.data import CATALOG_FOLDERS

    def holds_data(folder: Path) -> bool:
        return any((folder / name).is_dir() for name in CATALOG_FOLDERS) or (
            folder / "constraints.yaml"
        ).is_file()

    for given, source in ((explicit, None), (os.environ.get("ICATEST_DATA"), "ICATEST_DATA")):
        if given:
            folder = Path(given)
            if not holds_data(folder):
                problem = "no strategies/, personas/, seeds/ or constraints.yaml here"
                raise ConfigError(str(folder), problem, source)
            return folder
    return Path.cwd() if holds_data(Path.cwd()) else None
