"""The voice channel's figures (docs/voice.md): failure rate by channel level, how much was
garbled, how often the assistant recovered (asked back) or acted on a misheard request, and
failures against word error rate.

Works on records and on plain record dicts (icatest compare reads the arms' JSON lines); the
report's section that shows them is icatest.analysis.voice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

# WER bands of the failures-against-WER figure: (label, upper bound inclusive)
WER_BANDS = (("0", 0.0), ("≤0.1", 0.1), ("≤0.2", 0.2), ("≤0.4", 0.4), (">0.4", float("inf")))


def _get(obj: Any, name: str, default: Any = None) -> Any:
    return obj.get(name, default) if isinstance(obj, Mapping) else getattr(obj, name, default)


def _value(x: Any) -> Any:
    return getattr(x, "value", x)


def _band(wer: float) -> str:
    return next(label for label, top in WER_BANDS if wer <= top)


def _has_finding(turn: Any) -> bool:
    ev = _get(turn, "evaluation")
    return bool(ev is not None and _get(ev, "scored", True) and _get(ev, "findings"))


def voice_metrics(records: Sequence[Any]) -> dict[str, Any]:
    """One run's voice figures; every rate is None where there is nothing to divide by."""
    by_channel: dict[str, list[int]] = {}  # channel -> [failing, decided]
    turns = garbled = recovered = misheard = judged_garbled = 0
    wer_sum = 0.0
    bands = {label: [0, 0] for label, _ in WER_BANDS}  # band -> [turns, with a finding]
    for r in records:
        channel = _get(r, "channel") or "text"
        slot = by_channel.setdefault(channel, [0, 0])
        decision = _value(_get(r, "success_decision"))
        if decision in ("pass", "fail"):
            slot[1] += 1
            slot[0] += decision == "fail"
        for t in _get(r, "turns") or []:
            wer = float(_get(t, "wer") or 0.0)
            turns += 1
            wer_sum += wer
            hearing = _value(_get(t, "hearing"))
            if wer > 0:
                garbled += 1
                judged_garbled += hearing is not None
                recovered += hearing == "recovered"
                misheard += hearing == "misheard"
            if _get(t, "evaluation") is not None:
                band = bands[_band(wer)]
                band[0] += 1
                band[1] += _has_finding(t)
    return {
        "channels": sorted(by_channel),
        "failure_rate_by_channel": {
            c: (f / d if d else None) for c, (f, d) in sorted(by_channel.items())
        },
        "turns": turns,
        "garbled_turns": garbled,
        "garbled_share": garbled / turns if turns else None,
        "mean_wer": round(wer_sum / turns, 4) if turns else None,
        "recovery_rate": recovered / judged_garbled if judged_garbled else None,
        "misheard_turns": misheard,
        "misheard_rate": misheard / judged_garbled if judged_garbled else None,
        "failures_by_wer": {
            label: {"turns": n, "with_finding": k, "rate": k / n if n else None}
            for label, (n, k) in bands.items()
        },
    }
