"""What the driver said along the way, for a request from outside the simulator (imported logs,
`judge turns`): the constraints the utterance states, the route preferences still in force from
earlier turns, and which of a reply's missed constraints the driver had already stated.

The simulator records its targets' constraints itself, so its requests take only those.
"""

from __future__ import annotations

from icatest.judges.rules.constraints import constraint_text, constraints_in
from icatest.judges.rules.korean import is_korean
from icatest.judges.rules.prices import money_limit
from icatest.judges.rules.requests import KO_TAKE_ME
from icatest.judges.rules.text import (
    any_match,
    called_off,
    content_stems,
    durations,
    without_called_off,
)
from icatest.judges.rules.turn import Request, TurnInput

SETS_ROUTE = (r"\b(navigat\w*|route|take me|drive|directions|get (me )?to|head|go to|plan|stops?|"
              r"destination|(best|quickest|fastest|shortest) way)\b",
              r"(로|까지|쪽으로) ?(가 ?줘|가 ?주세요|가자|가요|데려다)|안내해|길 ?안내|경로"
              r"|가는 ?길",  # "창원 가는 길 알려 줘": the way there
              KO_TAKE_ME)  # and the particle dropped ("무창포해수욕장 가 줘")
SHOWS_ROUTE = (r"\b(via|route|highway|motorway|autobahn|expressway|tolls?|roads?|tunnel|gravel|"
               r"pass)\b",
               r"경유|경로|고속도로|국도|통행료|톨게이트|고갯길|산길|고개")

# Limits on the whole trip, whichever of the utterance's requests the reply times.
TRIP_LIMITS = ("takes at most ", "arrive by ")

# Route preferences hold for the rest of the trip until the driver calls them off.
STANDING = ("avoid highways", "avoid tolls", "no detour", "avoid gravel", "avoid tunnels",
            "avoid mountain roads")


def standing(earlier: tuple[str, ...], now: str) -> list[str]:
    """The route preferences the driver stated on earlier turns (oldest first) and has not
    called off since."""
    held: list[str] = []
    for said in earlier:
        held = _still_held(held, said)
        held += [c for c in constraints_in(without_called_off(said))
                 if c in STANDING and c not in held]
    return _still_held(held, now)


def _still_held(held: list[str], said: str) -> list[str]:
    off = {c for clause in called_off(said) for c in constraints_in(clause)}
    return [c for c in held if c not in off]


def request_constraints(req: Request, turn: TurnInput) -> list[str]:
    """Structured constraints when the request has them; else those its words state and, for a
    request from outside the simulator, those the utterance states when it raised only this
    request (its trip time limits whatever it raised, when the reply says how long), plus the
    route preferences still in force when the reply describes a route."""
    if req.constraints:
        return [constraint_text(c) for c in req.constraints]
    # the simulator's targets carry what a place must have as constraints, if anything
    found = constraints_in(req.description, had=not req.simulated)
    if req.simulated or req.slots:
        return found
    if len(turn.requests) == 1:
        found += [c for c in constraints_in(turn.user) if c not in found]
    elif durations(turn.reply):  # a reply that says how long is held to the trip's time limits
        limits = [c for c in constraints_in(turn.user) if c.startswith(TRIP_LIMITS)]
        found += [c for c in limits if c not in found]
    if any_match(SETS_ROUTE, req.description.lower()) and any_match(
        SHOWS_ROUTE, turn.reply.lower()
    ):
        found += [c for c in standing(turn.history_users, turn.user) if c not in found]
    offered = turn.history_replies[-1].lower() if turn.history_replies else ""
    if "fastest" in found and "fastest" in offered:
        found.remove("fastest")  # the driver picks the fastest route the assistant offered
    return found


def said_before(constraints: tuple[str, ...], turn: TurnInput) -> str:
    """The first of the constraints the driver stated on an earlier turn (whether or not said
    again on this one: having to say it again is the rubric's 'makes the driver say it again'),
    or ''."""
    earlier = {c for u in turn.history_users for c in constraints_in(u)}
    # in the words it was said in or in others ("고속도로 피하기" for "고속도로 말고 국도로만")
    money = {m for e in earlier if (m := money_limit(e))}  # "under 40 dinar" is "under 40 JD"
    found = next((c for c in constraints if c in earlier or set(constraints_in(c)) & earlier
                  or money_limit(c) in money), "")
    return found or next((c for c in constraints
                          if _ruled_out_before(c, turn) or _worded_before(c, turn)), "")


def _worded_before(constraint: str, turn: TurnInput) -> bool:
    """Every word of the constraint said by the driver in one earlier utterance ("needs a baby
    cot, our little one is eight months old" for "baby cot") and not all said again now: the
    preference was established before."""
    mine = content_stems(constraint) - PLAIN_WORDS - {"only"}
    if not mine or mine <= content_stems(turn.user):
        return False
    # (all of its words, or all but one of three or more: "takes cash (cards blocked)" for "our
    # cards got blocked, we've only got cash")
    least = len(mine) - 1 if len(mine) >= 3 else len(mine)
    return any(len(mine & content_stems(said)) >= least for said in turn.history_users)


# An earlier utterance that rules something out or says the driver cannot have it ("keep us
# off anything with a ferry", "don't take us through Italy", "우리 애가 매운 거 못 먹어")
AVERSE = (r"\b(don'?t|do not|no|not|never|avoid\w*|keep (us |me )?(off|away)|stay (off|away)|"
          r"without|can'?t|cannot|hate|allergic)\b", r"못 |말고|빼고|싫|않|안 ")
# Words of a constraint that name no particular thing ("맵지 않은 음식", "not through italy")
PLAIN_WORDS = frozenset("through via food place places route road way one something anything "
                        "음식 곳 데 길 식당".split())


def _ruled_out_before(constraint: str, turn: TurnInput) -> bool:
    """The thing a constraint names, said by the driver on an earlier turn in an utterance
    that rules it out, and offered by the reply ("the molde-vestnes ferry"): the preference was
    established before. A reply silent on it may have missed the constraint for want of
    evidence; that is no plain evidence of forgetting."""
    mine = content_stems(constraint) - PLAIN_WORDS
    if not mine or not _said(mine, content_stems(turn.reply)):
        return False
    for said in turn.history_users:
        if not any_match(AVERSE, said.lower()):
            continue
        if _said(mine, content_stems(said)):
            return True
    return False


def _said(mine: set[str], theirs: set[str]) -> bool:
    """One of the stems said among the others; a Korean stem may come inflected another way
    ("맵지" and "매운" both of 맵-)."""
    return any(m in theirs or (is_korean(m) and any(is_korean(t) and (m.startswith(t)
                                                                      or t.startswith(m))
                                                    for t in theirs))
               for m in mine)
