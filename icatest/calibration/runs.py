"""Reading a run directory's conversations and the reference assistant's oracle log.

`conversations.jsonl` holds one ConversationRecord per line; after a crash the last line may be
torn, so an unparseable *last* line is skipped and reported, while a bad line elsewhere is an
error naming the line.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, ValidationError

from icatest.config.loading import format_validation_error
from icatest.contracts import ConversationRecord, FailureMode
from icatest.errors import ConfigError

CONVERSATIONS = "conversations.jsonl"


@dataclass
class RunConversations:
    records: list[ConversationRecord]
    torn_last_line: bool = False
    source: str = ""


def conversations_path(run: Path) -> Path:
    path = run / CONVERSATIONS if run.is_dir() else run
    if not path.is_file():
        raise ConfigError(str(path), "run has no conversations.jsonl")
    return path


def read_conversations(run: Path) -> RunConversations:
    """All conversation records of a run directory (or of a conversations.jsonl path)."""
    path = conversations_path(run)
    lines = [(n, line) for n, line in enumerate(path.read_text("utf-8").splitlines(), 1) if line]
    records: list[ConversationRecord] = []
    torn = False
    for position, (number, line) in enumerate(lines):
        try:
            records.append(ConversationRecord.model_validate_json(line))
        except ValidationError as exc:
            if position == len(lines) - 1:
                torn = True
                continue
            where, problem = format_validation_error(exc)
            raise ConfigError(str(path), f"line {number}: {problem}", where) from None
    return RunConversations(records, torn, str(path))


class OracleEntry(BaseModel):
    """One fault the reference assistant really injected (DOMAIN.md oracle log)."""

    conversation_id: str
    turn: int
    fault: str
    failure_mode: FailureMode
    detail: str = ""


@dataclass
class OracleLog:
    entries: list[OracleEntry] = field(default_factory=list)

    def labels(self) -> dict[tuple[str, int], set[str]]:
        """(conversation id, turn) -> failure modes that fired there."""
        out: dict[tuple[str, int], set[str]] = {}
        for e in self.entries:
            out.setdefault((e.conversation_id, e.turn), set()).add(e.failure_mode.value)
        return out


def read_oracle(path: Path) -> OracleLog:
    """Parse an oracle JSONL log; every bad line is an error naming the line and field."""
    if not path.is_file():
        raise ConfigError(str(path), "file not found")
    log = OracleLog()
    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            log.entries.append(OracleEntry.model_validate(json.loads(line)))
        except json.JSONDecodeError as exc:
            raise ConfigError(str(path), f"line {number}: invalid JSON ({exc.msg})") from None
        except ValidationError as exc:
            where, problem = format_validation_error(exc)
            raise ConfigError(str(path), f"line {number}: {problem}", where) from None
    return log
