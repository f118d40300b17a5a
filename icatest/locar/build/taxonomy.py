"""Navigation (or any) taxonomy: YAML categories -> subcategories with slots and templates.

Slot values are `English|Korean` pairs so one template set serves both languages. Korean
templates write particles after a slot as `{slot:을}`, `{slot:이}`, `{slot:은}`, `{slot:과}`,
`{slot:으로}`; the particle is chosen from the final syllable of the filled value (받침), so
`{place:을}` becomes 서울역을 but 회사를.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from pydantic import Field, field_validator

from icatest.config.loading import load_model
from icatest.contracts import Strict
from icatest.data import packaged_or_path
from icatest.locar.build.models import Language, UseCase

_SLOT = re.compile(r"\{(?P<name>\w+)(?::(?P<josa>[^}]+))?\}")
_JOSA = {"을": ("을", "를"), "이": ("이", "가"), "은": ("은", "는"), "과": ("과", "와"),
         "으로": ("으로", "로")}
_DIGIT_CODA = {"0": True, "1": True, "2": False, "3": True, "4": False, "5": False,
               "6": True, "7": True, "8": True, "9": False}
_DIGIT_RIEUL = {"1", "7", "8"}


class Bilingual(Strict):
    en: str
    ko: str

    def get(self, language: Language) -> str:
        return self.en if language == "en" else self.ko


class Template(Strict):
    question: Bilingual
    reference: Bilingual


class Subcategory(Strict):
    key: str = Field(pattern=r"^[\w-]+$")
    name: str
    description: str = Field(min_length=1)
    slots: dict[str, list[str]] = Field(min_length=1)
    templates: list[Template] = Field(min_length=1)

    @field_validator("slots")
    @classmethod
    def _pairs(cls, slots: dict[str, list[str]]) -> dict[str, list[str]]:
        for name, values in slots.items():
            for v in values:
                if v.count("|") != 1:
                    raise ValueError(f"slot {name}: value {v!r} must be 'English|Korean'")
        return slots


class Category(Strict):
    key: str = Field(pattern=r"^[\w-]+$")
    name: str
    subcategories: list[Subcategory] = Field(min_length=1)


class Taxonomy(Strict):
    name: str
    use_case: UseCase = "navigation"
    categories: list[Category] = Field(min_length=1)

    def subcategories(self) -> list[tuple[Category, Subcategory]]:
        return [(c, s) for c in self.categories for s in c.subcategories]


def load_taxonomy(path: Path) -> Taxonomy:
    """A taxonomy file, or the packaged one named (`navigation`)."""
    return load_model(packaged_or_path(path, "taxonomies"), Taxonomy)


def slot_value(value: str, language: Language) -> str:
    en, _, ko = value.partition("|")
    return en if language == "en" else ko


def has_coda(word: str) -> tuple[bool, bool]:
    """(final consonant?, is it ㄹ?) of the last letter, for particle choice."""
    last = word.rstrip()[-1:] or "a"
    if "\uac00" <= last <= "\ud7a3":
        coda = (ord(last) - 0xAC00) % 28
        return coda != 0, coda == 8
    if last.isdigit():
        return _DIGIT_CODA[last], last in _DIGIT_RIEUL
    return last.lower() in "lmn", last.lower() == "l"


def josa(word: str, particle: str) -> str:
    if particle not in _JOSA:
        return word + particle
    with_coda, without = _JOSA[particle]
    coda, rieul = has_coda(word)
    if particle == "으로":
        return word + ("로" if not coda or rieul else "으로")
    return word + (with_coda if coda else without)


def fill(template: str, values: dict[str, str], language: Language) -> str:
    """Fill `{slot}` / `{slot:josa}` placeholders with the slot values in `language`."""

    def sub(m: re.Match[str]) -> str:
        text = slot_value(values[m["name"]], language)
        return josa(text, m["josa"]) if m["josa"] else text

    return _SLOT.sub(sub, template)


def slot_combinations(sub: Subcategory, limit: int) -> list[dict[str, str]]:
    """Up to `limit` slot assignments, in a fixed order (the cartesian product, truncated)."""
    names = sorted(sub.slots)
    combos = itertools.product(*(sub.slots[n] for n in names))
    return [dict(zip(names, c, strict=True)) for c in itertools.islice(combos, limit)]
