"""The fourth fresh development set, LLM-style replies (icatest/data/judge/devset_fresh3_llm.jsonl):
verbose markdown replies with bold names, emoji, hedging, tangents, wrong days and units, and
closing offers, and Korean turns in 해요체, 합니다체 and 반말, in cities no other set used,
labelled from the rubric before the rules ran on it. It parses as `judge turns` input, has the
counts docs/offline_backend.md gives, every rubric label at least four times, and shares no id,
reply or (utterance, reply) pair with the training data or any other development set. The
rules keep the figures of this round's fixes on it (slow)."""

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
FRESH3 = DATA / "devset_fresh3_llm.jsonl"


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def _others() -> list[Path]:
    # the training data and every other development set (the sealed check set keeps itself
    # apart from these in its own test, and is read by nothing else)
    return [DATA / "train.jsonl", *sorted(p for p in DATA.glob("devset_*.jsonl") if p != FRESH3)]


def test_parses_with_the_documented_counts() -> None:
    gold = read_devset(FRESH3)
    assert [c.id for c in read_cases(FRESH3)] == [g.id for g in gold]
    assert len({g.id for g in gold}) == len(gold) == 68
    assert Counter(g.source for g in gold) == {"written_llm": 50, "written_ko": 18}
    assert Counter(g.lang for g in gold) == {"en": 50, "ko": 18}
    labels = Counter(label for g in gold for label in g.labels)
    assert set(labels) == set(RUBRIC_LABELS)
    assert min(labels.values()) >= 4, labels
    assert sum(1 for g in gold if not g.labels) == 27  # 40 %: refusals, limitations among them
    assert sum(1 for g in gold if len(g.labels) == 2) == 4
    assert sum(1 for g in gold if g.history) >= 10
    for g in gold:
        assert set(g.completed) <= set(range(max(1, len(g.requests)))), g.id
        assert not (g.labels and g.completed and len(g.requests) <= 1), g.id
    tags = Counter(t for g in gold for t in g.tags)
    assert tags["useless"] >= 5
    assert {"refusal", "limitation", "other_words", "unsafe_compliance"} <= set(tags)


def test_kept_apart_from_the_training_data_and_the_other_sets() -> None:
    mine = _lines(FRESH3)
    others = _others()
    assert {p.name for p in others} >= {
        "train.jsonl",
        "devset_llm.jsonl",
        "devset_fresh2_llm.jsonl",
    }
    for path in others:
        other = _lines(path)
        assert not {d["id"] for d in mine} & {t["id"] for t in other}, path.name
        assert not {d["reply"] for d in mine} & {t["reply"] for t in other}, path.name
        assert not {(d["user"], d["reply"]) for d in mine} & {
            (t["user"], t["reply"]) for t in other
        }, path.name


@pytest.mark.slow  # loads the sentence model, then judges 68 turns
def test_rules_keep_their_figures_on_the_set() -> None:
    gold = read_devset(FRESH3)
    binding = bind_roles({Role.TURN_JUDGE: "offline"}, combine_final_turn=False)
    gateway = ModelGateway(roles=binding.roles)
    results = asyncio.run(judge_cases(gateway, list(read_cases(FRESH3)), binding.judges.turn))
    got = figures(gold, results)
    assert got["micro_f1"] is not None and got["micro_f1"] >= 0.75, got["micro_f1"]
    assert got["competent_flagged_share"] == 0.0, got["competent_flagged_share"]
    assert got["korean_judged_share"] == 1.0, got["korean_judged_share"]
    per_label = got["per_label"]
    assert isinstance(per_label, dict)
    for label, prf in per_label.items():  # precision first: every label emitted is mostly right
        assert prf["precision"] is None or prf["precision"] >= 0.75, (label, prf)
