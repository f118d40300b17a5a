"""User-facing errors: each carries one message that names what is wrong and where."""

from __future__ import annotations


class IcatestError(Exception):
    """An error a user can fix; the CLI prints its message without a traceback."""

    exit_code = 2


class ConfigError(IcatestError):
    """Invalid configuration or data file; names the file and the field."""

    def __init__(self, source: str, problem: str, field: str | None = None) -> None:
        self.source = source
        self.field = field
        self.problem = problem
        where = f"{source}: {field}" if field else source
        super().__init__(f"{where}: {problem}")


class NotFoundError(IcatestError):
    """A named thing (persona, seed pool, strategy, run) does not exist."""


class Interrupted(IcatestError):
    """The user stopped the command (Ctrl-C, SIGTERM); what was done is kept and resumable."""

    exit_code = 130


MESSAGE_CAP = 600


def clip(text: str, limit: int = MESSAGE_CAP) -> str:
    """One line, whole up to `limit` characters; longer text is cut at a word boundary + "…"."""
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    cut = flat[: limit - 1]
    space = cut.rfind(" ")
    if space > limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:-") + "…"
