"""What the report says in words before any table: the headline and the trust banners.

Pure functions of runs and metrics. A banner appears whenever the numbers below it cannot be taken
at face value: too many conversations unscored or cut by an unreachable assistant, or verdicts from
the offline smoke-test judge on an assistant other than the built-in reference. Many assistant
errors (findings: no usable reply while the assistant was up) get a warning: they are failures
of the assistant, but often of its endpoint rather than of its answers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from icatest.analysis.digest import RecordDigest
from icatest.analysis.run import Run
from icatest.contracts import FailureMode

UNTRUSTED_SHARE = 0.10  # unscored or assistant-error conversations above this share get a banner
ASSISTANT_ERROR = FailureMode.ASSISTANT_ERROR.value


@dataclass(frozen=True)
class Banner:
    level: str  # "warning" (numbers need care) or "error" (numbers not usable)
    text: str


def run_setup(run: Run) -> dict[str, str]:
    """Assistant and judge models of a run, from its manifest or else its records."""
    config = run.manifest.get("config") or {}
    models = run.scan.models
    return {
        "sut": str(config.get("sut") or config.get("sut_config") or run.manifest.get("sut") or ""),
        "turn_judge": str(config.get("turn_judge") or models.get("turn_judge", "unknown")),
        "conversation_judge": str(
            config.get("conversation_judge") or models.get("conversation_judge", "unknown")
        ),
    }


def headline(runs: Sequence[Run], metrics: Mapping[str, Mapping[str, Any]]) -> str:
    """One sentence: what was compared, on how many conversations, with which judge."""
    setups = [run_setup(r) for r in runs]
    sizes = " and ".join(
        f"{r.name} ({metrics[r.name].get('conversations', 0)} conversations)" for r in runs
    )
    subject = f"{sizes} compared" if len(runs) == 2 else f"Run {sizes}"
    suts = sorted({s["sut"] for s in setups if s["sut"]})
    against = f" against {', '.join(suts)}" if suts else ""
    judges = sorted({(s["turn_judge"], s["conversation_judge"]) for s in setups})
    judged = "; ".join(f"turns judged by {t}, conversations by {c}" for t, c in judges)
    return f"{subject}{against}; {judged}."


def _unscored_reasons(unscored: Sequence[RecordDigest]) -> list[tuple[str, int]]:
    reasons: Counter[str] = Counter(d.unscored_reason or d.termination for d in unscored)
    return reasons.most_common(3)


def banners(runs: Sequence[Run]) -> list[Banner]:
    """Every reason the report's figures need care, one banner each."""
    out: list[Banner] = []
    for run in runs:
        digests = run.scan.digests
        n = len(digests)
        if not n:
            out.append(Banner("error", f"{run.name}: the run has no conversation records."))
            continue
        # conversations the budget, cost cap or a Ctrl-C cut short are unscored by design and do
        # not make the figures untrustworthy (as in the campaign's judged share)
        unscored = [
            d
            for d in digests
            if d.success_decision not in ("pass", "fail", "invalid") and not d.cut_short
        ]
        broken = [d for d in digests if d.unreachable]
        found = [d for d in digests if ASSISTANT_ERROR in d.types]
        if len(unscored) / n > UNTRUSTED_SHARE:
            causes = "; ".join(f"{why} ({k})" for why, k in _unscored_reasons(unscored))
            out.append(
                Banner(
                    "error",
                    f"{run.name}: {len(unscored)} of {n} conversations are unscored, so pass and "
                    f"failure figures cover only the rest. Most common causes: {causes}.",
                )
            )
        if len(broken) / n > UNTRUSTED_SHARE:
            endings = Counter(d.termination for d in broken).most_common(3)
            out.append(
                Banner(
                    "error",
                    f"{run.name}: {len(broken)} of {n} conversations hit assistant errors "
                    f"while it was unreachable (no verdict); endings: "
                    + ", ".join(f"{e} ({k})" for e, k in endings)
                    + ". Check the endpoint with `icatest sut check` before reading the results.",
                )
            )
        if len(found) / n > UNTRUSTED_SHARE:
            out.append(
                Banner(
                    "warning",
                    f"{run.name}: {len(found)} of {n} conversations ended with an assistant error "
                    "(no usable reply after the retries: HTTP errors, bad bodies, timeouts). They "
                    "count as failures (`assistant_error`, its own row below); if the endpoint "
                    "rather than the assistant is to blame, check it with `icatest sut check`.",
                )
            )
        setup = run_setup(run)
        offline = "offline" in (setup["turn_judge"], setup["conversation_judge"])
        reference = setup["sut"].startswith("reference") or not setup["sut"]
        if offline and not reference:
            out.append(
                Banner(
                    "warning",
                    f"{run.name}: verdicts come from the offline judge, a smoke-test judge whose "
                    "measured accuracy on assistants other than the built-in reference is limited "
                    "(docs/offline_backend.md). Use a model judge (--turn-judge, "
                    "--conversation-judge) for results you act on.",
                )
            )
    return out
