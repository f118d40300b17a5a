"""Fair black-box runs: the assistant is told the level, and multi-turn items carry the history."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from icatest.cli import main
from icatest.locar.kpi import KpiDataset, Language, dump_dataset
from tests.locar_kpi.level_assistant import LevelAwareAssistant

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
def korean(sample: KpiDataset) -> KpiDataset:
    return sample.select(Language.KO)


def run(tmp_path: Path, dataset: Path, *args: str) -> dict[str, Any]:
    out = tmp_path / "out"
    # no preflight: these tests count the requests the items make (the preflight adds one)
    code = main(["kpi", "run", "--dataset", str(dataset), "--out", str(out), "--run-id", "bb",
                 "--concurrency", "8", "--no-preflight", *args])
    assert code == 0
    return json.loads((out / "results.json").read_text("utf-8"))


def speech_rows(data: dict[str, Any]) -> dict[str, float | None]:
    return {
        r["speech_level"]: r["accuracy"]
        for r in data["scores"]
        if r["use_case"] == "all" and r["kpi"] == "speech_level" and r.get("speech_level")
    }


def test_told_the_level_the_assistant_passes_every_level(
    korean: KpiDataset, tmp_path: Path
) -> None:
    path = saved(korean, tmp_path)
    with LevelAwareAssistant(korean) as srv:
        untold = run(tmp_path / "a", path, "--sut", srv.base_url + "/v1")
        told = run(tmp_path / "b", path, "--sut", srv.base_url + "/v1", "--system-message", "auto")
        assert {"hae", "haeyo", "hapsyo"} <= {t for t in srv.told if t}
    # not told: it speaks its fixed 해요체, so only the haeyo instances pass
    assert speech_rows(untold) == {"hae": 0.0, "haeyo": 1.0, "hapsyo": 0.0}
    assert speech_rows(told) == {"hae": 1.0, "haeyo": 1.0, "hapsyo": 1.0}


def test_one_level_for_an_assistant_fixed_to_it(korean: KpiDataset, tmp_path: Path) -> None:
    path = saved(korean, tmp_path)
    with LevelAwareAssistant(korean, fixed_level="hae") as srv:  # told nothing: 반말
        data = run(tmp_path, path, "--sut", srv.base_url + "/v1", "--level", "hae")
    assert {i["speech_level"] for i in data["instances"]} == {"hae"}
    assert speech_rows(data) == {"hae": 1.0}


def multi_turn(korean: KpiDataset) -> KpiDataset:
    inst = [i for i in korean.instances if i.is_multi_turn and i.target_turn]
    return korean.model_copy(update={"instances": inst})


def saved(dataset: KpiDataset, tmp_path: Path) -> Path:
    path = tmp_path / "dataset.yaml"
    dump_dataset(dataset, path)
    return path


def test_given_history_is_sent_as_chat_messages(korean: KpiDataset, tmp_path: Path) -> None:
    data_set = multi_turn(korean)
    path = saved(data_set, tmp_path)
    with LevelAwareAssistant(data_set) as srv:
        data = run(tmp_path, path, "--sut", srv.base_url + "/v1", "--system-message", "auto")
        requests = list(srv.requests)
    # one request per instance: the earlier turns travel as user/assistant messages
    assert len(requests) == len(data_set.instances)
    by_first = {r.messages[1]["content"]: r for r in requests}
    for inst in data_set.instances:
        assert inst.target_turn is not None and inst.turns is not None
        sent = by_first[inst.turns[0].question].messages
        assert [m["role"] for m in sent[1:]] == ["user", "assistant"] * inst.target_turn + ["user"]
        assert sent[2]["content"] == inst.turns[0].reference_answer
    assert {i["history_mode"] for i in data["instances"]} == {"given"}
    assert all(i["response"] != "죄송해요, 잘 모르겠어요." for i in data["instances"])


def test_replayed_history_is_what_the_judges_see(korean: KpiDataset, tmp_path: Path) -> None:
    data_set = multi_turn(korean)
    path = saved(data_set, tmp_path)
    with LevelAwareAssistant(data_set) as srv:
        data = run(tmp_path, path, "--sut", srv.base_url + "/v1", "--history", "replay")
        n_requests = len(srv.requests)
    assert n_requests == sum((i.target_turn or 0) + 1 for i in data_set.instances)
    for inst in data["instances"]:
        assert inst["history_mode"] == "replay"
        # told nothing, it answered the earlier turns in its own level: those replies are kept
        assert len(inst["history_replies"]) == inst["target_turn"]


def http_config(tmp_path: Path, base_url: str, *, history: bool) -> Path:
    system = "speech_level={{ speech_level }} lang={{ language }}"
    if history:
        system += " history={{ history }}"
    body = {
        "model": "m",
        "messages": [
            {"role": "system", "content": system},
            {"role": "user", "content": "{{ utterance }}"},
        ],
    }
    cfg = {"kind": "http", "url": base_url + "/v1/chat/completions", "body": body,
           "reply_path": "choices.0.message.content"}
    path = tmp_path / "sut.yaml"
    path.write_text(yaml.safe_dump(cfg, allow_unicode=True), "utf-8")
    return path


def test_http_template_variables_and_history(korean: KpiDataset, tmp_path: Path) -> None:
    path = saved(korean, tmp_path)
    with LevelAwareAssistant(korean) as srv:
        cfg = http_config(tmp_path, srv.base_url, history=True)
        data = run(tmp_path, path, "--sut-config", str(cfg))
    assert speech_rows(data) == {"hae": 1.0, "haeyo": 1.0, "hapsyo": 1.0}
    modes = {i["history_mode"] for i in data["instances"] if i["multi_turn"]}
    assert modes == {"given"}


def test_http_without_history_placeholder_replays(korean: KpiDataset, tmp_path: Path) -> None:
    data_set = multi_turn(korean)
    path = saved(data_set, tmp_path)
    with LevelAwareAssistant(data_set) as srv:
        cfg = http_config(tmp_path, srv.base_url, history=False)
        data = run(tmp_path, path, "--sut-config", str(cfg))
    for inst in data["instances"]:
        assert inst["history_mode"] == "replay"
        assert "replayed" in inst["history_note"]


def test_bad_level_and_history_are_exit_2(sample_path: Path, tmp_path: Path) -> None:
    for args in (["--level", "polite"], ["--history", "both"]):
        code = main(["kpi", "run", "--dataset", str(sample_path), "--sut", "reference",
                     "--out", str(tmp_path), *args])
        assert code == 2
