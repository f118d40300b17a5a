"""The reference assistant's oracle log (a run's conversations are read by
`icatest.storage.rundir`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

from icatest.config.loading import format_validation_error
from icatest.contracts import FailureMode, OracleKind
from icatest.errors import ConfigError


class OracleEntry(BaseModel):
    """One turn of the reference assistant that is not a plain correct answer: a fault it really
    injected, a request it did not serve, or an explicit "correct" verdict (failure_mode None,
    e.g. a safe refusal). Turns without an entry were answered correctly."""

    conversation_id: str
    turn: int
    kind: OracleKind = OracleKind.SEEDED_FAULT
    fault: str
    failure_mode: FailureMode | None = Field(
        description="the label a perfect judge gives this turn; None: the answer is correct"
    )
    detail: str = ""


@dataclass
class OracleLog:
    entries: list[OracleEntry] = field(default_factory=list)

    def labels(self) -> dict[tuple[str, int], set[str]]:
        """(conversation id, turn) -> failure modes that fired there."""
        out: dict[tuple[str, int], set[str]] = {}
        for e in self.entries:
            labels = out.setdefault((e.conversation_id, e.turn), set())
            if e.failure_mode is not None:
                labels.add(e.failure_mode.value)
        return out

    def by_kind(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for e in self.entries:
            counts[e.kind.value] = counts.get(e.kind.value, 0) + 1
        return dict(sorted(counts.items()))


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
