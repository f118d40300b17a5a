"""Shrink a failing conversation to the fewest driver turns (then constraints) that still fail.

Delta debugging (Zeller's ddmin) over the turns: try dropping chunks of turns, halving the chunk
size when nothing can go, until no single turn can be dropped. Only candidates that are
conversations of their own count (`Recording.valid`: the first turn stays, no goal refers back to
a dropped one). Then, one at a time, drop the
constraints the remaining turns say. A candidate counts as failing when the label fires anywhere
in it in at least `k` of `n` replays (defaults 2 of 3: one lucky or unlucky reply neither keeps
nor drops a turn); replays stop early once the answer is certain.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

from icatest.contracts.records import ConversationRecord
from icatest.regression.replay import Replayer, failures_of
from icatest.regression.script import Recording, recording

DEFAULT_REPLAYS, DEFAULT_REQUIRED = 3, 2


@dataclass
class ShrinkResult:
    label: str
    before: int  # turns in the original
    kept: list[int]  # original turn indices kept, in order
    dropped_constraints: list[tuple[str, str]] = field(default_factory=list)
    replays: int = 0
    reproduced: bool = True  # the original itself failed in k of n replays

    @property
    def after(self) -> int:
        return len(self.kept)


def _chunks(items: Sequence[int], n: int) -> list[list[int]]:
    size, extra = divmod(len(items), n)
    out, start = [], 0
    for i in range(n):
        end = start + size + (1 if i < extra else 0)
        out.append(list(items[start:end]))
        start = end
    return [c for c in out if c]


async def shrink(
    replayer: Replayer,
    record: ConversationRecord,
    label: str | None = None,
    *,
    n: int = DEFAULT_REPLAYS,
    k: int = DEFAULT_REQUIRED,
) -> ShrinkResult:
    """The smallest set of driver turns (and constraints) of `record` that still shows `label`."""
    if not 1 <= k <= n:
        raise ValueError(f"need 1 <= k <= n, got k={k}, n={n}")
    found = sorted(failures_of(record))
    if not found:
        raise ValueError(f"{record.conversation_id}: the conversation shows no failure to shrink")
    label = label or found[0][1]
    if label not in {lab for _, lab in found}:
        raise ValueError(f"{record.conversation_id}: label {label!r} never fired in it")
    rec = recording(record)
    result = ShrinkResult(label=label, before=len(rec.turns), kept=list(range(len(rec.turns))))
    cache: dict[tuple[tuple[int, ...], frozenset[tuple[str, str]]], bool] = {}

    async def fails(keep: list[int], without: frozenset[tuple[str, str]]) -> bool:
        if not rec.valid(keep):  # not a conversation on its own: never accepted
            return False
        key = (tuple(keep), without)
        if key not in cache:
            cache[key] = await _fails(replayer, record, rec, keep, without, label, n, k, result)
        return cache[key]

    if not await fails(result.kept, frozenset()):
        result.reproduced = False
        return result
    result.kept = await ddmin(result.kept, lambda keep: fails(keep, frozenset()))
    without: frozenset[tuple[str, str]] = frozenset()
    for pair in rec.constraints(result.kept):
        if await fails(result.kept, without | {pair}):
            without = without | {pair}
    result.dropped_constraints = sorted(without)
    return result


async def ddmin(items: list[int], fails: Callable[[list[int]], Awaitable[bool]]) -> list[int]:
    """A 1-minimal sublist of `items` for which `fails` holds (it must hold for `items`)."""
    granularity = 2
    while len(items) >= 2:
        reduced = False
        for chunk in _chunks(items, granularity):
            if len(chunk) < len(items) and await fails(chunk):  # a chunk alone fails
                items, granularity, reduced = chunk, 2, True
                break
        if not reduced:
            for chunk in _chunks(items, granularity):
                rest = [i for i in items if i not in chunk]
                if rest and await fails(rest):  # the rest fails without the chunk
                    items, granularity, reduced = rest, max(granularity - 1, 2), True
                    break
        if not reduced:
            if granularity >= len(items):
                break
            granularity = min(len(items), granularity * 2)
    return items


async def _fails(
    replayer: Replayer,
    record: ConversationRecord,
    rec: Recording,
    keep: list[int],
    without: frozenset[tuple[str, str]],
    label: str,
    n: int,
    k: int,
    result: ShrinkResult,
) -> bool:
    script = rec.script(keep, without)
    hits = 0
    for i in range(n):
        replayed = await replayer.run(record, script)
        result.replays += 1
        hits += any(lab == label for _, lab in failures_of(replayed))
        if hits >= k:
            return True
        if hits + (n - i - 1) < k:
            return False
    return False
