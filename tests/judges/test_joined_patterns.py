"""The rules read a family of regexes as one joined pattern, and skip scans whose words are
absent; on the development set's texts that must find exactly what the regexes one by one find."""

from __future__ import annotations

import json
import re
from importlib import resources
from types import ModuleType

import pytest

from icatest.judges.rules import (
    acts,
    ambiguity,
    constraints,
    context,
    plans,
    request_rules,
    requests,
    safety,
    talk,
    turn_rules,
)
from icatest.judges.rules.place_kinds import _PLACE_PATTERNS, _place_matches
from icatest.judges.rules.text import _any_pattern, any_match, plain
from icatest.simulator.leaks import _term_patterns, leaked_terms

MODULES: tuple[ModuleType, ...] = (
    acts, ambiguity, constraints, context, plans, request_rules, requests, safety, talk,
    turn_rules,
)


def _families() -> list[tuple[str, ...]]:
    """Every tuple of regexes the rule modules keep, alone or as the values of a dict."""
    found: list[tuple[str, ...]] = []
    for module in MODULES:
        for value in vars(module).values():
            values = list(value.values()) if isinstance(value, dict) else [value]
            for v in values:
                if isinstance(v, tuple) and v and all(isinstance(x, str) for x in v):
                    found.append(v)
    for family in constraints.FAMILIES.values():
        found += [family.asks, family.breaks, family.honours]
    return [f for f in dict.fromkeys(found) if f]


def _texts() -> list[str]:
    path = resources.files("icatest").joinpath("data/judge/devset_llm.jsonl")
    out: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        reply = plain(case["reply"])
        out += [reply, reply.lower(), case["user"], case["user"].lower()]
    return out


FAMILIES = _families()
TEXTS = _texts()


def test_there_are_families_and_texts_to_compare() -> None:
    assert len(FAMILIES) > 40 and len(TEXTS) > 400
    assert all(_any_pattern(f) is not None for f in FAMILIES[:10])  # they are joined, not looped


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f[0][:30])
def test_a_joined_family_matches_where_one_of_its_regexes_does(family: tuple[str, ...]) -> None:
    compiled = [re.compile(r, re.I) for r in family]
    for text in TEXTS:
        assert any_match(family, text) == any(p.search(text) for p in compiled), (family, text)


def test_no_regexes_match_nothing() -> None:
    assert not any_match((), "anything at all")


def test_place_words_found_as_by_scanning_every_pattern() -> None:
    for text in TEXTS:
        low = text.lower()
        found = [
            (m.start(), m.end(), kind, is_word)
            for kind, patterns in _PLACE_PATTERNS
            for regex, is_word, _ in patterns
            for m in regex.finditer(low)
        ]
        every = tuple(
            (a, kind, is_word) for a, b, kind, is_word in found
            if not any(c <= a and b <= d and (d - c) > (b - a) for c, d, k, _ in found if k != kind)
        )
        assert _place_matches(text) == every, text


@pytest.mark.parametrize("leak", ["", " Say t2 now.", " That is a context forgotten.",
                                  " This is just a test.", " Try constraint_stacking.",
                                  " Time for the constraint stacking probe."])
def test_leaked_terms_as_found_by_each_pattern(leak: str) -> None:
    ids, names = ("t1", "t2"), ("constraint_stacking",)
    for text in TEXTS[::4]:
        said = text + leak
        found: list[str] = []
        for p in _term_patterns(ids, names):
            for m in re.finditer(p, said, flags=re.I):
                if m.group(0) not in found:
                    found.append(m.group(0))
        assert leaked_terms(said, ids, names) == found, said
        if leak:
            assert found
