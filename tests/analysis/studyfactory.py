"""A study of run directories built by hand: six backends x six sessions, seeded, varied outcomes
(pass, fail, invalid, unscored, partial), failure labels at random turns and random usage."""

from __future__ import annotations

import random
from pathlib import Path

from runfactory import make_record, write_run

from icatest.contracts import ConversationRecord, FailureMode

BACKENDS = ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot")
SESSIONS = 6
LABELS = [m.value for m in FailureMode]


def study_records(
    rng: random.Random, run: str, n: int, fail_bias: float
) -> list[ConversationRecord]:
    records = []
    for i in range(n):
        decision = rng.choices(
            ["pass", "fail", "invalid", None], [1 - fail_bias, fail_bias, 0.05, 0.1]
        )[0]
        n_turns = rng.randint(1, 6)
        labels = {
            t: rng.sample(LABELS, rng.randint(1, 3)) for t in range(n_turns) if rng.random() < 0.3
        }
        score = None if decision is None else round(rng.random(), 3)
        records.append(make_record(
            f"{run}-{i}", decision=decision, score=score, labels=labels, n_turns=n_turns,
            max_turns=6, is_complete=rng.random() > 0.1, ended_at=1000.0 + i,
            usage=(rng.randint(1, 5), rng.randint(50, 500), rng.randint(5, 50), rng.random() / 100),
        ))  # fmt: skip
    return records


def write_study_runs(root: Path, per_run: tuple[int, int] = (4, 14)) -> dict[Path, tuple[str, int]]:
    """36 run directories root/BACKEND/session-N; returns path -> (backend, session)."""
    rng = random.Random(32)
    out: dict[Path, tuple[str, int]] = {}
    for b, backend in enumerate(BACKENDS):
        for session in range(1, SESSIONS + 1):
            run = f"{backend}-s{session}"
            records = study_records(rng, run, rng.randint(*per_run), 0.2 + 0.1 * b)
            path = write_run(root / backend / f"session-{session}", records, run_id=run)
            out[path] = (backend, session)
    return out
