"""`icatest --help` lists every command without importing it; running one loads the real one."""

from __future__ import annotations

import typer

from icatest.cli import COMMANDS, app, load_command, main


def test_listing_matches_the_commands_own_help() -> None:
    group = typer.main.get_group(app)
    for name in COMMANDS:
        listed = group.commands[name]
        real = load_command(name)
        own = (real.short_help or real.help or "").split("\n\n")[0].replace("\n", " ").strip()
        assert listed.help == own, f"update icatest.cli.COMMANDS[{name!r}] to: {own!r}"


def test_every_module_registers_only_listed_commands() -> None:
    modules = {module for module, _ in COMMANDS.values()}
    for module in modules:
        group = typer.Typer()
        __import__(f"icatest.cli.{module}", fromlist=["register"]).register(group)
        names = set(typer.main.get_group(group).commands)
        listed = {n for n, (m, _) in COMMANDS.items() if m == module}
        assert names == listed, f"icatest.cli.{module} registers {sorted(names - listed)}"


def test_unknown_command_suggests_the_close_one(capsys) -> None:
    assert main(["fuz"]) == 2
    assert "Did you mean 'fuzz'?" in capsys.readouterr().err


def test_a_listed_command_runs_its_real_implementation(capsys) -> None:
    assert main(["seeds", "list"]) == 0
    assert capsys.readouterr().out.strip()


def test_flags_show_no_type_and_typer_is_left_as_it_is(capsys, monkeypatch) -> None:
    """A flag takes no value, so help shows no `<bool>` beside it; values keep their type. Done
    on our commands' parameters, not by replacing typer's own methods."""
    monkeypatch.setenv("COLUMNS", "120")
    shown = typer.core.TyperOption.display_type_rich
    for argv in ([], ["sut", "audit"], ["fuzz"]):
        assert main([*argv, "--help"]) == 0
        out = capsys.readouterr().out
        assert "--help" in out and "<bool>" not in out, argv
    assert "<int" in out and "<path>" in out  # `fuzz --help`: typed options keep their type
    assert typer.core.TyperOption.display_type_rich is shown
    assert shown.__module__ == "typer.core"
