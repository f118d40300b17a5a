"""The constraint id set (packaged `constraints.yaml`) and the check of a seed's constraints."""

from __future__ import annotations

import re
from functools import cache

from pydantic import Field

from icatest.config.loading import load_model
from icatest.contracts import Strict
from icatest.data import PACKAGED

CONSTRAINTS_FILE = PACKAGED / "constraints.yaml"


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


@cache
def constraint_vocabulary() -> ConstraintVocabulary:
    return load_model(CONSTRAINTS_FILE, ConstraintVocabulary)
