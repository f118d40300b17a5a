"""A fact the driver states in the request itself (a nut allergy, no meat, an electric car:
`driver_facts.FACTS`) that the reply's offer plainly goes against ("애가 견과류 알레르기 있어. 간식
살 데 추천해 줘" answered with a walnut-cake shop): a constraint of the request missed. Said on
an earlier turn instead, it is forgotten context (`turn_rules.established_fact`)."""

from __future__ import annotations

from dataclasses import replace

from icatest.contracts.labels import FailureMode as F
from icatest.judges.rules.driver_facts import fact_against
from icatest.judges.rules.text import content_stems
from icatest.judges.rules.turn import TurnInput
from icatest.judges.rules.turn_rules import Judging
from icatest.judges.rules.verdicts import Cause, Finding


def fact_said_now(turn: TurnInput, j: Judging) -> Judging:
    if len(turn.requests) != 1 or turn.requests[0].simulated:
        return j
    first = j.verdicts[0]
    carried = _carried_again(turn)
    if carried and F.CONTEXT_FORGOTTEN in first.labels and F.CONSTRAINT_MISSED not in first.labels:
        # said earlier and carried by the request as its constraint ("no meat (fish is fine)"):
        # the rubric's both labels
        why = (f"[{turn.requests[0].description}] the request carries {carried!r}, which the "
               f"reply's offer goes against")
        v = first.adding(Finding(F.CONSTRAINT_MISSED, Cause.MISSED_CONSTRAINT, "fact_said_now",
                                 why))
        return replace(j, verdicts=(v, *j.verdicts[1:]))
    found = fact_against(turn.reply, turn.user)
    if found is None or first.labels & {F.CONSTRAINT_MISSED, F.CONTEXT_FORGOTTEN}:
        return j
    fact, offered = found
    why = (f"[{turn.requests[0].description}] {fact} (said in the request), but the reply "
           f"offers {offered!r}")
    v = first.adding(Finding(F.CONSTRAINT_MISSED, Cause.MISSED_CONSTRAINT, "fact_said_now", why))
    return replace(j, verdicts=(v, *j.verdicts[1:]))


def _carried_again(turn: TurnInput) -> str | None:
    """The request's constraint that carries a fact the driver established earlier and the
    reply's offer goes against: one sharing a word with the earlier utterance that said it."""
    said = next((u for u in turn.history_users if fact_against(turn.reply, u) is not None), None)
    if said is None:
        return None
    words = content_stems(said)
    return next((c for c in turn.requests[0].constraints if content_stems(c) & words), None)
