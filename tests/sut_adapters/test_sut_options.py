"""--sut-model, --sut-param, --sut-system-message, --sut-timeout, --sut-retries: parsed, refused
where they make no sense, sent in the body, recorded in the manifest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from icatest.cli import main
from icatest.errors import ConfigError
from icatest.sut.adapters import open_assistant
from icatest.sut.adapters.opening import sent
from icatest.sut.options import SutOptions, parse_params, read_system_message
from icatest.testing import FakeOpenAI


def test_params_are_yaml_values() -> None:
    got = parse_params(["max_tokens=200", "temperature=0.2", "stream=false", "stop=[END, '##']",
                        "seed=", "note=hello world"])  # fmt: skip
    assert got == {"max_tokens": 200, "temperature": 0.2, "stream": False, "stop": ["END", "##"],
                   "seed": "", "note": "hello world"}  # fmt: skip


@pytest.mark.parametrize(
    ("item", "problem"),
    [("max_tokens", "KEY=VALUE"), ("=3", "KEY=VALUE"), ("model=x", "--sut-model"),
     ("messages=[]", "builds the messages"), ("top-p=1", "not a body field"),
     ("x=[1", "not a YAML value")],
)  # fmt: skip
def test_bad_params_name_the_flag(item: str, problem: str) -> None:
    with pytest.raises(ConfigError) as err:
        parse_params([item])
    assert err.value.field == "--sut-param" and problem in str(err.value)


def test_system_message_from_file(tmp_path: Path) -> None:
    path = tmp_path / "system.txt"
    path.write_text("You drive with me.\n", encoding="utf-8")
    assert read_system_message(f"@{path}") == "You drive with me."
    assert read_system_message("plain text") == "plain text"
    with pytest.raises(ConfigError) as err:
        read_system_message(f"@{tmp_path / 'missing.txt'}")
    assert err.value.field == "--sut-system-message"


async def test_url_body_carries_model_params_and_system_message() -> None:
    opts = SutOptions(model="smollm2", params={"max_tokens": 50, "top_k": 20, "temperature": 0.1},
                      system_message="Speak {{ language }}.")  # fmt: skip
    with FakeOpenAI(["hello"]) as fake:
        async with open_assistant(
            fake.base_url + "/v1", options=opts, variables={"language": "en"}
        ) as assistant:
            reply = await assistant.session("c1").send("hi")
    assert reply.text == "hello"
    body = fake.requests[0].body
    assert body["model"] == "smollm2"
    assert (body["max_tokens"], body["top_k"], body["temperature"]) == (50, 20, 0.1)
    assert body["messages"][0] == {"role": "system", "content": "Speak en."}


async def test_openai_yaml_keys_and_flags_on_top(tmp_path: Path) -> None:
    path = tmp_path / "sut.yaml"
    path.write_text(
        "kind: openai\nurl: URL\nmodel: m-file\ntemperature: 0.5\n"
        "params: {max_tokens: 80, top_p: 0.9}\nsystem_message: from the file\n"
    )
    with FakeOpenAI(["a", "b"]) as fake:
        path.write_text(path.read_text().replace("URL", fake.base_url + "/v1"))
        async with open_assistant(None, path) as assistant:
            await assistant.session("c1").send("hi")
        opts = SutOptions(params={"max_tokens": 20}, system_message="")
        async with open_assistant(None, path, options=opts) as assistant:
            await assistant.session("c2").send("hi")
    first, second = (r.body for r in fake.requests)
    assert (first["model"], first["temperature"], first["max_tokens"], first["top_p"]) == (
        "m-file", 0.5, 80, 0.9)  # fmt: skip
    assert first["messages"][0] == {"role": "system", "content": "from the file"}
    assert (second["max_tokens"], second["top_p"]) == (20, 0.9)  # the flag wins, the rest stays
    assert [m["role"] for m in second["messages"]] == ["user"]  # '' sends no system message


@pytest.mark.parametrize(
    ("sut", "opts", "flag"),
    [("reference", SutOptions(model="m"), "--sut-model"),
     ("python:mod:attr", SutOptions(params={"max_tokens": 9}), "--sut-param"),
     ("reference:none", SutOptions(system_message="x"), "--sut-system-message"),
     ("llm:smollm2", SutOptions(model="other"), "--sut-model")],
)  # fmt: skip
async def test_flags_a_form_cannot_take(sut: str, opts: SutOptions, flag: str) -> None:
    with pytest.raises(ConfigError) as err:
        async with open_assistant(sut, options=opts):
            pass
    assert err.value.field == flag


async def test_http_config_refuses_model(tmp_path: Path) -> None:
    path = tmp_path / "sut.yaml"
    path.write_text("kind: http\nurl: http://127.0.0.1:9/x\n")
    with pytest.raises(ConfigError) as err:
        async with open_assistant(None, path, options=SutOptions(model="m")):
            pass
    assert err.value.field == "--sut-model" and "http config" in str(err.value)


def test_timeout_and_retries_reach_the_policy() -> None:
    described = sent("http://127.0.0.1:9/v1", None, SutOptions(timeout_s=7, retries=0))
    assert (described["timeout_s"], described["retries"]) == (7, 0)
    assert sent("reference", None, SutOptions(timeout_s=3)) == {"form": "reference",
                                                                "timeout_s": 3}  # fmt: skip


def test_local_llm_defaults_and_speech_level() -> None:
    described = sent("llm:smollm2", None, SutOptions(params={"temperature": 0}),
                     {"language": "ko", "speech_level": "haeyo"})  # fmt: skip
    assert described["model"] == "smollm2"
    assert described["params"] == {"max_tokens": 200, "temperature": 0}
    assert described["system_prompt"] == "in_car_assistant@1"
    head = described["system_message"]["head"]
    assert head.startswith("You are the voice assistant of a car")
    assert (described["timeout_s"], described["retries"]) == (120.0, 1)
    capped = sent("llm:smollm2", None, SutOptions(params={"max_tokens": 64}, system_message="Hi"))
    assert capped["params"] == {"max_tokens": 64} and "system_prompt" not in capped


def test_in_car_prompt_names_the_required_level() -> None:
    from icatest.sut.prompts import in_car_system_message

    assert "해요체" in in_car_system_message({"language": "ko", "speech_level": "haeyo"})
    assert "합쇼체" in in_car_system_message({"language": "ko", "speech_level": "hapsyo"})
    assert in_car_system_message({"language": "en"}).endswith("Answer in English.")
    assert "the language the driver speaks" in in_car_system_message({})


def test_fuzz_sends_and_records_the_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    message = tmp_path / "system.txt"
    message.write_text("You are a terse in-car assistant.", encoding="utf-8")
    out = tmp_path / "run"
    with FakeOpenAI() as fake:
        code = main([
            "fuzz", "--sut", fake.base_url + "/v1", "--sut-model", "smollm2",
            "--sut-param", "max_tokens=200", "--sut-param", "temperature=0.3",
            "--sut-system-message", f"@{message}", "--sut-timeout", "9", "--sut-retries", "0",
            "--max-conversations", "1", "--turn-budgets", "2", "--concurrency", "1",
            "--out", str(out), "--quiet", "--no-preflight", "--min-judged", "0",
        ])  # fmt: skip
    assert code == 0, capsys.readouterr().err
    bodies = [r.body for r in fake.requests]
    assert bodies and all(b["model"] == "smollm2" and b["max_tokens"] == 200 for b in bodies)
    assert all(b["temperature"] == 0.3 for b in bodies)
    assert bodies[0]["messages"][0]["content"] == "You are a terse in-car assistant."
    manifest = json.loads((out / "manifest.json").read_text())
    sent_ = manifest["config"]["sut_sent"]
    assert sent_["model"] == "smollm2"
    assert sent_["params"] == {"max_tokens": 200, "temperature": 0.3}
    assert (sent_["timeout_s"], sent_["retries"]) == (9.0, 0)
    assert sent_["system_message"]["head"] == "You are a terse in-car assistant."
    assert len(sent_["system_message"]["sha256"]) == 64
    record = json.loads((out / "conversations.jsonl").read_text().splitlines()[0])
    assert record["sut"] == f"openai:{fake.base_url}/v1"


def test_fuzz_refuses_a_flag_the_form_cannot_take(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["fuzz", "--sut", "reference", "--sut-model", "m", "--max-conversations", "1",
                 "--out", str(tmp_path / "run"), "--quiet"])  # fmt: skip
    err = capsys.readouterr().err
    assert code == 2 and "--sut-model" in err and "OpenAI-compatible" in err
    assert not (tmp_path / "run").exists()


def test_experiment_backend_carries_sut_options() -> None:
    from icatest.campaigns.experiments.experiment import ExperimentConfig, load_experiment
    from icatest.campaigns.running.sut import sut_sent
    from icatest.contracts import Mode

    exp = ExperimentConfig.model_validate({
        "name": "ollama", "campaign": {"max_conversations": 2},
        "backends": [{"name": "llama", "sut": "http://127.0.0.1:11434/v1",
                      "sut_options": {"model": "llama3.2:1b", "params": {"max_tokens": 200}}}],
    })  # fmt: skip
    config = exp.arm_config(exp.backends[0], Mode.GUIDED, 0)
    assert sut_sent(config)["model"] == "llama3.2:1b"
    assert sut_sent(config)["params"] == {"max_tokens": 200}
    with pytest.raises(ValueError, match="sut_options"):
        ExperimentConfig.model_validate({
            "name": "x", "campaign": {"max_conversations": 2, "sut_options": {}},
            "backends": [{"name": "a", "sut": "reference"}],
        })  # fmt: skip
    local = load_experiment(Path("demo_local"))
    assert local.backends[0].sut == "llm:smollm2" and not local.concurrent_arms


def test_demo_against_another_assistant(capsys: pytest.CaptureFixture[str]) -> None:
    from icatest.campaigns.experiments.experiment import load_experiment
    from icatest.cli.demo_cmds import _against

    exp = _against(load_experiment(Path("demo_local")), "llm:/models/My Model.gguf",
                   SutOptions(params={"max_tokens": 99}))  # fmt: skip
    (backend,) = exp.backends
    assert backend.sut == "llm:/models/My Model.gguf" and backend.name == "models-My-Model.gguf"
    assert backend.sut_options.params == {"max_tokens": 99}
    assert main(["demo", "--sut-model", "m", "--skip-experiment"]) == 2
    assert "--sut-model needs --sut" in capsys.readouterr().err
