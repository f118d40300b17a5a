"""What a finished campaign tells CI: its exit code (README, "Exit codes").

0  the run finished and its verdicts are usable: at least `min_judged` (default 90 %) of its
   conversations (recorded and interrupted ones, less those the budget, cost cap or the user cut
   short) have a pass or fail decision;
3  it finished but most verdicts are missing, or the assistant or a model role went down, or
   conversations interrupted by an outage are still to redo (status `unfinished`);
2  bad input or a failed preflight (raised before the run starts, see icatest.errors);
130 interrupted (SIGINT/SIGTERM; `--resume` continues).
"""

from __future__ import annotations

from enum import IntEnum

from icatest.campaigns.progress.state import ProgressState


class ExitCode(IntEnum):
    OK = 0
    BAD_INPUT = 2
    UNUSABLE = 3
    INTERRUPTED = 130


DOWN_STATUSES = frozenset({"sut_down", "model_down"})
UNFINISHED = "unfinished"  # ended on its own, but interrupted conversations are still to redo


def exit_code(
    status: str, progress: ProgressState, min_judged: float, unfinished: int = 0
) -> ExitCode:
    if status == "interrupted":
        return ExitCode.INTERRUPTED
    if status in DOWN_STATUSES or status == UNFINISHED or unfinished:
        return ExitCode.UNUSABLE
    if progress.judged_share < min_judged:
        return ExitCode.UNUSABLE
    return ExitCode.OK


def unusable_reason(
    status: str, progress: ProgressState, min_judged: float, unfinished: int = 0
) -> str | None:
    """Why the exit code is 3, in one sentence (None when it is not)."""
    left = (
        f"{unfinished} conversation(s) interrupted by an outage are still to redo; "
        "run the resume command below"
    )
    if status in DOWN_STATUSES:
        what = "the assistant" if status == "sut_down" else "a model role"
        down = f"{what} stopped answering; the campaign ended early ({status})"
        return f"{down}; {left}" if unfinished else down
    if status != "interrupted" and unfinished:
        return left
    ran = progress.conversations + progress.interrupted - progress.cut_short
    if status != "interrupted" and ran <= 0:
        return (
            f"no conversation ran its course: the time budget or cost cap cut all "
            f"{progress.cut_short} short (a model or the assistant too slow for the budget?)"
        )
    if status != "interrupted" and progress.judged_share < min_judged:
        invalid = getattr(progress, "invalid", 0)
        why = f"; {invalid} invalid: they failed only on simulator faults" if invalid else ""
        return (
            f"only {progress.judged_share:.0%} of conversations have a pass or fail verdict "
            f"(at least {min_judged:.0%} needed{why})"
        )
    return None
