"""What every development set's test checks the same way: that the set is kept apart from the
training data and from every other development set (glob: sets added later are covered; the
sealed check set keeps itself apart in its own test and is read by nothing else), the figures
the rules earn on it (slow: loads the sentence model), and what every sealed set's test checks
(its counts, no 35-character stretch shared)."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from icatest.calibration.devset import RUBRIC_LABELS, GoldCase, figures, read_devset
from icatest.contracts.labels import Role
from icatest.judges.setup import bind_roles
from icatest.judges.turn_cases import judge_cases, read_cases
from icatest.llm.gateway import ModelGateway

DATA = Path(__file__).resolve().parents[2] / "icatest" / "data" / "judge"


def lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def read_consistent(path: Path) -> list[GoldCase]:
    """The set's labelled lines, checked as every set is: `judge turns` reads the same turns
    (the vehicle states, text and objects, read as it reads them), no id twice, the completed
    requests exist, and a labelled turn with one request completes nothing."""
    gold = read_devset(path)
    assert [c.id for c in read_cases(path)] == [g.id for g in gold]
    assert len({g.id for g in gold}) == len(gold)
    for g in gold:
        assert set(g.completed) <= set(range(max(1, len(g.requests)))), g.id
        assert not (g.labels and g.completed and len(g.requests) <= 1), g.id
    return gold


def assert_documented(gold: list[GoldCase], path: Path, *, labels: dict[str, int],
                      competent: int, two_labels: int, history: int,
                      tags: dict[str, int]) -> None:
    """The counts docs/offline_backend.md gives for the set: each label (every rubric label at
    least once), the competent turns, the turns with two labels or a history, each tag; a
    useless reply is always an omission; vehicle states both as text and as objects."""
    assert Counter(label for g in gold for label in g.labels) == labels
    assert set(labels) == set(RUBRIC_LABELS)
    assert sum(1 for g in gold if not g.labels) == competent
    assert sum(1 for g in gold if len(g.labels) == 2) == two_labels
    assert sum(1 for g in gold if g.history) == history
    assert Counter(t for g in gold for t in g.tags) == tags
    assert all("request_omitted" in g.labels for g in gold if "useless" in g.tags)
    kinds = {type(line["context"]["vehicle"]).__name__ for line in lines(path)}  # type: ignore[index]
    assert kinds == {"str", "dict"}


def read_documented(path: Path, want: dict[str, Any]) -> list[GoldCase]:
    """The set read consistently, with the turn count and the `assert_documented` counts of a
    table row (`turns`, `competent`, `two_labels`, `history`, `labels`, `tags`)."""
    gold = read_consistent(path)
    assert len({g.id for g in gold}) == len(gold) == want["turns"]
    assert_documented(gold, path, competent=want["competent"], two_labels=want["two_labels"],
                      history=want["history"], labels=want["labels"], tags=want["tags"])
    return gold


def others(path: Path) -> list[Path]:
    """The training data and every development set but `path`."""
    return [DATA / "train.jsonl", *sorted(p for p in DATA.glob("devset_*.jsonl") if p != path)]


def every_other_set(path: Path, earlier_sealed: int) -> list[Path]:
    """Every labelled set of icatest/data/judge but `path`: the glob must find the training
    data, the development sets and the `earlier_sealed` sealed sets written before it."""
    sets = sorted(p for p in DATA.glob("*.jsonl") if p != path)
    names = {p.name for p in sets}
    assert {"train.jsonl", "devset_llm.jsonl", "devset_fresh.jsonl"} <= names
    sealed = {f"checkset_sealed{n if n > 1 else ''}.jsonl" for n in range(1, earlier_sealed + 1)}
    assert sealed <= names, sealed - names
    return sets


def assert_kept_apart(path: Path, *, utterances: bool = False,
                      among: list[Path] | None = None) -> None:
    """No line, id, reply or (utterance, reply) pair of `path` in another set (`among`, else the
    training data and every development set); with `utterances`, no utterance either."""
    mine = lines(path)
    mine_lines = {line for line in path.read_text("utf-8").splitlines() if line.strip()}
    sets = others(path) if among is None else among
    assert {p.name for p in sets} >= {"train.jsonl", "devset_llm.jsonl", "devset_fresh.jsonl"}
    for other_path in sets:
        other = lines(other_path)
        name = other_path.name
        assert not mine_lines & set(other_path.read_text("utf-8").splitlines()), name
        assert not {d["id"] for d in mine} & {t["id"] for t in other}, name
        assert not {d["reply"] for d in mine} & {t["reply"] for t in other}, name
        assert not {(d["user"], d["reply"]) for d in mine} & {
            (t["user"], t["reply"]) for t in other
        }, name
        if utterances:
            assert not {d["user"] for d in mine} & {t["user"] for t in other}, name


def rules_figures(path: Path) -> dict[str, object]:
    """The figures the offline rules judge earns on the set, as devset_figures.py prints them."""
    gold = read_devset(path)
    binding = bind_roles({Role.TURN_JUDGE: "offline"}, combine_final_turn=False)
    gateway = ModelGateway(roles=binding.roles)
    results = asyncio.run(judge_cases(gateway, list(read_cases(path)), binding.judges.turn))
    return figures(gold, results)


def assert_precise(got: dict[str, object], least: float = 0.75) -> None:
    """Precision first: every label the rules emit on the set is mostly right."""
    per_label = got["per_label"]
    assert isinstance(per_label, dict)
    for label, prf in per_label.items():
        assert prf["precision"] is None or prf["precision"] >= least, (label, prf)


def assert_sealed_counts(path: Path, *, sources: dict[str, int], labels: dict[str, int],
                         tags: dict[str, int], competent: int, two_labels: int,
                         history: int) -> list[GoldCase]:
    """A sealed set has the counts its docs give; Korean turns are `written_ko`; competent tags
    (refusal, limitation, other_words) carry no label; every unsafe compliance is a
    safety_violation."""
    gold = read_consistent(path)
    assert len(gold) == sum(sources.values())
    assert Counter(g.source for g in gold) == sources
    assert all((g.lang == "ko") == (g.source == "written_ko") for g in gold)
    assert_documented(gold, path, labels=labels, competent=competent, two_labels=two_labels,
                      history=history, tags=tags)  # fmt: skip
    assert not any(g.labels for g in gold if {"refusal", "limitation", "other_words"} & set(g.tags))
    assert all("safety_violation" in g.labels for g in gold if "unsafe_compliance" in g.tags)
    return gold


STRETCH = 35  # characters: a stretch this long shared by two sets is copied text


def _texts(line: dict[str, object]) -> Iterator[str]:
    yield str(line["user"])
    yield str(line["reply"])
    for turn in line.get("history") or []:  # type: ignore[attr-defined]
        yield str(turn.get("user", ""))
        yield str(turn.get("assistant", ""))


def _stretches(text: str) -> set[str]:
    return {text[i : i + STRETCH] for i in range(len(text) - STRETCH + 1)}


def assert_no_stretch_shared(path: Path, among: list[Path]) -> None:
    """No 35-character stretch of an utterance, reply or history turn of `path` in `among`."""
    theirs: set[str] = set()
    for other in among:
        for line in lines(other):
            for text in _texts(line):
                theirs |= _stretches(text)
    shared = {
        (str(line["id"]), stretch)
        for line in lines(path) for text in _texts(line) for stretch in _stretches(text) & theirs
    }  # fmt: skip
    assert not sorted(shared)[:5]
