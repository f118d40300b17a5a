"""Command-line errors name the flag the user typed; config-file errors name the field and file."""

from __future__ import annotations

from pathlib import Path

import pytest

from icatest.campaigns.config import CampaignConfig
from icatest.cli import main
from icatest.cli.flags import CAMPAIGN_FLAGS

FUZZ = ["fuzz", "--out", "never-written", "--quiet", "--no-preflight"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--sut", "reference"],
         "command line: set a time budget (--budget) or --max-conversations"),
        (["--max-conversations", "2"],
         "command line: give exactly one of --sut (URL, reference, python:...) and --sut-config"),
        (["--sut", "reference", "--budget", "5x"], "command line: --budget: not a duration: '5x'"),
        (["--sut", "reference", "--max-conversations", "0"], "command line: --max-conversations: "),
        (["--sut", "reference", "--max-conversations", "2", "--executor", "dask"],
         "--executor dask needs --scheduler (tcp://HOST:PORT)"),
        (["--sut", "reference", "--max-conversations", "2", "--sut-rpm", "0"], "--sut-rpm: "),
        (["--sut", "reference", "--max-conversations", "2", "--outage-grace", "soon"],
         "--outage-grace: not a duration"),
        (["--sut", "reference", "--max-conversations", "2", "--model-setting",
          "turn_judge.temperature=hot"], "--model-setting turn_judge.temperature: "),
    ],
)  # fmt: skip
def test_fuzz_errors_name_flags(args: list[str], message: str, tmp_path: Path, capsys,
                                monkeypatch) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    assert main([*FUZZ, *args]) == 2
    err = capsys.readouterr().err
    assert message in err, err
    rest = err.replace(message, "")  # (a --model-setting value names its role, as typed)
    named = [field for field in CAMPAIGN_FLAGS if f" {field}" in rest or f"({field})" in rest]
    assert not named, err  # no config field leaks into a command-line message
    assert not (tmp_path / "never-written").exists()


@pytest.mark.parametrize("command", [["compare", "demo"], ["demo"]])
def test_budget_override_names_the_flag(command: list[str], capsys) -> None:
    assert main([*command, "--budget", "5x", "--quiet"] if command[0] == "compare"
                else [*command, "--budget", "5x"]) == 2  # fmt: skip
    err = capsys.readouterr().err
    assert "--budget: not a duration: '5x'" in err and "pydantic" not in err, err


def test_every_flag_of_the_map_is_a_fuzz_option_and_every_field_is_mapped() -> None:
    from icatest.cli import load_command

    command = load_command("fuzz")
    options = {opt for p in command.params for opt in getattr(p, "opts", [])}
    assert set(CAMPAIGN_FLAGS.values()) <= options
    top = {key.split(".")[0] for key in CAMPAIGN_FLAGS}
    unmapped = set(CampaignConfig.model_fields) - top - {"reference_options"}
    assert not unmapped, unmapped  # a new config field needs its flag here (or a reason)


def test_config_file_errors_keep_field_and_file(tmp_path: Path, capsys) -> None:
    exp = tmp_path / "exp.yaml"
    exp.write_text("name: t\ncampaign: {concurrency: 2}\nbackends: [{name: r, sut: reference}]\n")
    assert main(["compare", str(exp), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert f"{exp}:" in err and "set a time budget (budget_s) or max_conversations" in err, err
    exp.write_text("name: t\ncampaign: {max_conversations: 2, budget_s: 5x}\n"
                   "backends: [{name: r, sut: reference}]\n")  # fmt: skip
    assert main(["compare", str(exp), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert f"{exp}: budget_s: not a duration: '5x'" in err, err
