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
