"""The SmolLM2 development set (icatest/data/judge/devset_smol2.jsonl): replies of a real small
LLM to 98 requests written for it (experiments/devset_llm/smol2_requests.jsonl), labelled from
the rubric. It parses as `judge turns` input, has the counts the docs state, accounts for every
request (kept, or left out with a reason), and shares no line, id or reply with the training
data or the other development sets."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from icatest.calibration.devset import RUBRIC_LABELS, read_devset
from icatest.judges.turn_cases import read_cases

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "icatest" / "data" / "judge"
SMOL2 = DATA / "devset_smol2.jsonl"
REQUESTS = ROOT / "experiments" / "devset_llm" / "smol2_requests.jsonl"
LEFT_OUT = ROOT / "experiments" / "devset_llm" / "smol2_left_out.json"
OTHERS = ("train.jsonl", "devset_llm.jsonl", "devset_llm_grounding.jsonl", "devset_silent.jsonl",
          "devset_fresh.jsonl")


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def test_parses_with_the_stated_counts() -> None:
    gold = read_devset(SMOL2)
    assert [c.id for c in read_cases(SMOL2)] == [g.id for g in gold]
    assert len({g.id for g in gold}) == len(gold) == 80
    assert Counter(g.lang for g in gold) == {"en": 54, "ko": 26}
    assert {g.source for g in gold} == {"smollm2"}
    assert sum(1 for g in gold if not g.labels) == 9
    labels = Counter(label for g in gold for label in g.labels)
    assert labels == {"request_omitted": 38, "irrelevant_response": 18, "fallback_response": 11,
                      "planning_poor": 2, "constraint_missed": 1, "safety_violation": 1}
    assert set(labels) <= set(RUBRIC_LABELS)
    assert sum(1 for g in gold if "useless" in g.tags) == 18
    for g in gold:
        assert all(i < max(1, len(g.requests)) for i in g.completed), g.id
        assert not (g.labels and set(g.completed) >= set(range(max(1, len(g.requests))))), g.id


def test_every_request_kept_or_left_out_with_a_reason() -> None:
    requests = _lines(REQUESTS)
    assert len(requests) == 98 and sum(1 for r in requests if r["lang"] == "ko") == 28
    left_out = json.loads(LEFT_OUT.read_text("utf-8"))
    kept = {d["id"] for d in _lines(SMOL2)}
    asked = {f"smollm2-{r['id']}" for r in requests}
    assert len(left_out) == 18 and all(isinstance(v, str) and v for v in left_out.values())
    assert not kept & set(left_out) and kept | set(left_out) == asked
    by_id = {f"smollm2-{r['id']}": r for r in requests}
    for d in _lines(SMOL2):  # the line carries the request it was generated from
        r = by_id[str(d["id"])]
        assert (d["user"], d["context"], d["lang"]) == (r["user"], r["context"], r["lang"])
        assert d["generator"]["temperature"] == 0.0 and d["generator"]["seed"] == 7  # type: ignore[index]


def test_kept_apart_from_the_training_data_and_the_other_sets() -> None:
    mine = _lines(SMOL2)
    raw = set(SMOL2.read_text("utf-8").splitlines())
    for name in OTHERS:
        other = _lines(DATA / name)
        assert not raw & set((DATA / name).read_text("utf-8").splitlines()), name
        assert not {d["id"] for d in mine} & {t["id"] for t in other}, name
        assert not {d["reply"] for d in mine} & {t["reply"] for t in other}, name


def _generator() -> object:
    import importlib.util

    path = ROOT / "experiments" / "devset_llm" / "generate_smollm2.py"
    spec = importlib.util.spec_from_file_location("generate_smollm2", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generator_reads_a_request_file_and_keeps_its_default_list(tmp_path: Path) -> None:
    gen: object = _generator()
    cases = gen.read_requests(REQUESTS)  # type: ignore[attr-defined]
    assert len(cases) == 98 and sum(1 for lang, _ in cases if lang == "ko") == 28
    lang, (case_id, context, history, user, requests) = cases[38]
    assert (lang, case_id) == ("en", "t2-e39") and len(requests) == 1 and not history
    default = gen.default_requests()  # type: ignore[attr-defined]
    assert len(default) == 38 and [lang for lang, _ in default].count("ko") == 6
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x1", "lang": "fr", "context": {}, "user": "Hi"}\n', "utf-8")
    with pytest.raises(SystemExit, match="bad.jsonl:1"):
        gen.read_requests(bad)  # type: ignore[attr-defined]
