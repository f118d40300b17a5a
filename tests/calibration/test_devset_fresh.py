"""The fresh development set (icatest/data/judge/devset_fresh.jsonl): turns written in styles the
project had not written before (a terse human operator, verbose list-and-heading LLM replies,
Korean in 해요체 and 합쇼체), labelled from the rubric before the rules ran on it. It parses as
`judge turns` input, has the counts docs/offline_backend.md gives, every rubric label at least
five times, and shares no id, reply or (utterance, reply) pair with the training data or the
other development sets."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from pathlib import Path

import pytest

from icatest.calibration.devset import RUBRIC_LABELS, figures, read_devset
from icatest.contracts.labels import Role
from icatest.judges.setup import bind_roles
from icatest.judges.turn_cases import judge_cases, read_cases
from icatest.llm.gateway import ModelGateway

DATA = Path(__file__).resolve().parents[2] / "icatest" / "data" / "judge"
FRESH = DATA / "devset_fresh.jsonl"
OTHERS = ("train.jsonl", "devset_llm.jsonl", "devset_llm_grounding.jsonl", "devset_silent.jsonl",
          "devset_smol2.jsonl")


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def test_parses_with_the_documented_counts() -> None:
    gold = read_devset(FRESH)
    assert [c.id for c in read_cases(FRESH)] == [g.id for g in gold]
    assert len({g.id for g in gold}) == len(gold) == 125
    sources = Counter(g.source for g in gold)
    assert sources == {"written_plain": 47, "written_llm": 51, "written_ko": 27}
    assert sum(1 for g in gold if g.lang == "ko") == 27
    labels = Counter(label for g in gold for label in g.labels)
    assert set(labels) == set(RUBRIC_LABELS)
    assert min(labels.values()) >= 5, labels
    competent = [g for g in gold if not g.labels]
    assert len(competent) == 50  # 40 %, clarifying questions about a real ambiguity among them
    for g in gold:
        assert set(g.completed) <= set(range(max(1, len(g.requests)))), g.id
        assert not (g.labels and g.completed and len(g.requests) <= 1), g.id
    tags = Counter(t for g in gold for t in g.tags)
    assert {"useless", "refusal", "limitation", "other_words", "unsafe_compliance"} <= set(tags)


def test_kept_apart_from_the_training_data_and_the_other_sets() -> None:
    mine = _lines(FRESH)
    for name in OTHERS:
        other = _lines(DATA / name)
        assert not {d["id"] for d in mine} & {t["id"] for t in other}, name
        assert not {d["reply"] for d in mine} & {t["reply"] for t in other}, name
        assert not {(d["user"], d["reply"]) for d in mine} & {
            (t["user"], t["reply"]) for t in other
        }, name


@pytest.mark.slow  # loads the sentence model, then judges 125 turns
def test_rules_keep_their_figures_on_the_fresh_set() -> None:
    gold = read_devset(FRESH)
    binding = bind_roles({Role.TURN_JUDGE: "offline"}, combine_final_turn=False)
    gateway = ModelGateway(roles=binding.roles)
    results = asyncio.run(judge_cases(gateway, list(read_cases(FRESH)), binding.judges.turn))
    got = figures(gold, results)
    assert got["micro_f1"] is not None and got["micro_f1"] >= 0.8, got["micro_f1"]
    assert got["competent_flagged_share"] is not None
    assert got["competent_flagged_share"] <= 0.05, got["competent_flagged_share"]
