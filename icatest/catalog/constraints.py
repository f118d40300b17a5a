"""The constraint id set (packaged `constraints.yaml`, extended by a data folder's own) and the
check of a seed's constraints."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from pydantic import Field

from icatest.config.loading import load_model
from icatest.contracts import Strict
from icatest.data import PACKAGED

CONSTRAINTS_FILE = PACKAGED / "constraints.yaml"
USER_CONSTRAINTS = "constraints.yaml"  # in a data folder: ids of its own, added to the packaged


class ConstraintVocabulary(Strict):
    ids: dict[str, str] = Field(description="constraint id -> what it asks for")
    parameterized: dict[str, str] = Field(
        default_factory=dict, description="id prefix before ':' -> regex its value must match"
    )

    def problem(self, constraint: str) -> str | None:
        """Why `constraint` is not a known id, or None when it is."""
        if constraint in self.ids:
            return None
        prefix, colon, value = constraint.partition(":")
        if colon and prefix in self.parameterized:
            if re.match(self.parameterized[prefix], value):
                return None
            return f"{constraint!r}: value {value!r} does not match {self.parameterized[prefix]}"
        known = ", ".join([*self.ids, *(f"{p}:…" for p in self.parameterized)])
        return f"unknown constraint {constraint!r} (known: {known})"

    def extended(self, other: ConstraintVocabulary) -> ConstraintVocabulary:
        """This set plus `other`'s ids (an id in both takes `other`'s description)."""
        parameterized = {**self.parameterized, **other.parameterized}
        return ConstraintVocabulary(ids={**self.ids, **other.ids}, parameterized=parameterized)


@cache
def constraint_vocabulary() -> ConstraintVocabulary:
    """The packaged ids: the ones the offline judge and the reference assistant know."""
    return load_model(CONSTRAINTS_FILE, ConstraintVocabulary)


def vocabulary_with(folder: Path | None) -> ConstraintVocabulary:
    """The packaged ids plus `folder`/constraints.yaml when there is one (validated strictly: an
    unknown key or a bad regex is an error naming the file and the field)."""
    from icatest.errors import ConfigError

    packaged = constraint_vocabulary()
    path = folder / USER_CONSTRAINTS if folder is not None else None
    if path is None or not path.is_file():
        return packaged
    own = load_model(path, ConstraintVocabulary)
    for prefix, pattern in own.parameterized.items():
        try:
            re.compile(pattern)
        except re.error as exc:
            field = f"parameterized.{prefix}"
            raise ConfigError(str(path), f"invalid regex: {exc}", field) from None
    return packaged.extended(own)
