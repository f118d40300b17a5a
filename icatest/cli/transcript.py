"""Render a conversation record for people (rich); no computation here."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from icatest.contracts.labels import TargetStatus
from icatest.contracts.records import ConversationRecord

MARKS = {
    TargetStatus.COMPLETED: "[green]done[/]",
    TargetStatus.OPEN: "[yellow]open[/]",
    TargetStatus.DROPPED: "[red]dropped[/]",
}


def print_transcript(record: ConversationRecord, console: Console) -> None:
    console.rule(
        f"[bold]{escape(record.seed_phrase)}[/] ({record.mode.value}, persona {record.persona})"
    )
    for turn in record.turns:
        tags = f" [magenta]{', '.join(turn.strategies)}[/]" if turn.strategies else ""
        mode = f" [dim]{turn.strategy_mode.value}[/]" if turn.strategy_mode else ""
        console.print(f"[bold cyan]driver {turn.turn_number}[/]{mode}{tags}: {escape(turn.user)}")
        if turn.heard is not None and turn.wer > 0:  # the channel changed the words
            hearing = f", {turn.hearing.value}" if turn.hearing else ""
            console.print(f"  [yellow]heard[/] (wer {turn.wer:.2f}{hearing}): {escape(turn.heard)}")
        if turn.sut_error:
            console.print(f"[bold red]assistant error[/]: {escape(turn.sut_error)}")
        else:
            console.print(
                f"[bold green]assistant[/] ({turn.latency:.2f}s): {escape(turn.system or '')}"
            )
        ev = turn.evaluation
        if ev is not None and not ev.scored:
            console.print(f"  [yellow]unscored[/]: {escape(ev.unscored_reason or '')}")
        for f in ev.findings if ev else []:
            console.print(f"  [red]✗ {f.label.value}[/]: {escape(f.rationale)}")
    console.rule()
    for t in record.targets:
        mark = MARKS[t.status]
        console.print(f"  {mark} {escape(t.description)}")
    if record.discovered_failures:
        console.print(f"failures found: [red]{', '.join(record.discovered_failures)}[/]")
    else:
        console.print("failures found: none")
    if record.removed_strategies:
        retired = ", ".join(f"{k} ({v})" for k, v in record.removed_strategies.items())
        console.print(f"strategies retired: {retired}")
    scores = ", ".join(f"{k}={v}" for k, v in record.scores.items())
    console.print(
        f"scores: {scores or 'unscored'}; success score: {record.success_score} "
        f"({record.success_decision}); ended: {record.termination_reason.value}"
    )
