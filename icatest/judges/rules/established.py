"""What the driver established earlier and the reply goes against (context_forgotten), beyond
the facts of `driver_facts.FACTS`:

* the place the driver chose: the last reply settled on one place ("Café Luitpold it is.
  Shall I navigate there?"), the driver says "yes, take me there", and the reply starts a
  route to another place the talk offered;
* the destination the driver gave ("I'm heading to Augsburg today"): "let's go" later, and
  the reply starts a route to another named place;
* the size of the party ("there are four of us"): a table booked for another number
  (`party.py`);
* the place just settled on, referred back to ("is there parking there?"), and the reply
  asks which one it was ("Which pharmacy do you mean?"): the driver has to say it again.

Each reads only what the driver said and what the reply plainly does: a question about it
("Augsburg, right?") is never a miss.
"""

from __future__ import annotations

import re
from dataclasses import replace

from icatest.contracts.labels import FailureMode as F
from icatest.judges.rules.ambiguity import acts_on_one
from icatest.judges.rules.korean import is_korean, without_particles
from icatest.judges.rules.party import party_elsewhere
from icatest.judges.rules.place_kinds import place_kind
from icatest.judges.rules.text import content_stems, names, sentences
from icatest.judges.rules.turn import TurnInput
from icatest.judges.rules.turn_rules import BARE_REFERENCE, STREET, Judging
from icatest.judges.rules.verdicts import Cause, Finding, Outcome, failed

GO_ON = re.compile(
    r"^\W*(yes|yeah|yep|sure|ok(ay)?|great|perfect|sounds good|do it|let'?s (go|do it|head out)|"
    r"go( ahead)?|start( the route)?|take me there)\b|\b(let'?s go|take me there|go there)\b"
    r"|^\W*(네|응|그래|좋아)|거기로 (가|안내)|출발하자|가자\W*$",
    re.I,
)
HEADING = re.compile(
    r"\b(?i:i'?m|we'?re|i am|we are) (?i:heading|driving|going|off) (?i:to|towards?)\s+(?:the\s+)?"
    r"(?P<to>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)*)"
    r"|\b(?i:my|our|the) destination (?i:is|today is)\s+"
    r"(?P<dest>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)*)",
)
# ... and typed in lowercase ("we're heading to the olympic museum"): up to four words
HEADING_TYPED = re.compile(
    r"\b(?:i'?m|we'?re|i am|we are) (?:heading|driving|going|off) (?:to|towards?)\s+(?:the\s+)?"
    r"(?P<to>[a-z][\w'’-]+(?:\s+(?!(?:for|tonight|today|tomorrow|now|this|at|with|and|later|"
    r"first)\b)"
    r"[a-z][\w'’-]+){0,3})|(?P<dest>(?!))")
def _places(text: str) -> set[str]:
    """The named places of a text, line by line: a list item's name starts its line."""
    lines = text.splitlines()
    found = names(lines[0]) if lines else set()
    for line in lines[1:]:
        found |= names(" " + line)
    return {n for n in found if not STREET.search(n)}


def chosen_elsewhere(turn: TurnInput) -> str | None:
    """The last reply settled on one place, the driver goes along, and the reply starts a
    route to another place the talk offered earlier: 'chose X, goes to Y'."""
    if len(turn.history_replies) < 2 or not (GO_ON.search(turn.user)
                                               or BARE_REFERENCE.search(turn.user)):
        return None
    # what the driver named before the last exchange; named in it ("We'll do Deer Park
    # Heights" and "Deer Park Heights it is") it is the choice
    said = _places(" ".join(turn.history_users[:-1]))
    settled = _places(turn.history_replies[-1]) - said
    if not settled and (turn.history_replies[-1] == turn.history_replies[-1].lower()
                        or not _places(turn.history_replies[-1])):
        return _chosen_typed(turn)
    if len(settled) != 1 or names(turn.user):
        return None
    chosen = next(iter(settled))
    low = turn.reply.lower()
    if chosen in low or not acts_on_one(turn.reply):
        return None
    offered = _places(" ".join(turn.history_replies[:-1]))
    other = sorted((low.find(n), n) for n in offered - settled if n in low and n not in chosen)
    return f"the driver chose {chosen!r}, the reply goes to {other[0][1]!r}" if other else None


def _own_words(text: str) -> set[str]:
    """The words that can name a place: no number, no word of a kind of place."""
    return {w for w in content_stems(text) if not w.isdigit() and not place_kind(w)}


def _chosen_typed(turn: TurnInput) -> str | None:
    """The same typed in lowercase ("two: parkbad sauna …, hotel wolfinger spa …", "the parkbad
    one then", "ok, parkbad. navigate there?"), or picked in the driver's words and agreed to
    with no name ("Great choice!"): the word of the offer that the driver picked and the last
    reply says back, if it says any, is the place chosen; a word of the offer the driver never said,
    in a reply that goes ahead without the chosen one, is another place."""
    if len(turn.history_users) < 2 or names(turn.user):
        return None
    offer = _own_words(turn.history_replies[-2])
    picked = offer & _own_words(turn.history_users[-1])
    # the last reply says the pick back, or only agrees to it ("Let's do the Vagabunda one.",
    # "Great choice, want me to take you there?"): a word of the offer it says is the pick
    said_back = _own_words(turn.history_replies[-1]) & offer
    if said_back or turn.history_replies[-1] == turn.history_replies[-1].lower():
        picked &= said_back
    if len(picked) != 1:
        return None
    low = content_stems(turn.reply)
    if picked & low or not acts_on_one(turn.reply):
        return None
    others = offer - picked - _own_words(" ".join(turn.history_users))
    other = sorted(others & low)
    chosen = next(iter(picked))
    return f"the driver chose {chosen!r}, the reply goes to {other[0]!r}" if other else None


# '우리는 해운대 해수욕장으로 가고 있어요': the destination, in Korean; '광안리로 안내할게요'.
HEADING_KO = re.compile(r"(?P<ko>[가-힣]+(?: [가-힣]+)?)(?:으로|로) (?:가고 있|가는 중|갈 거)")
GOING = re.compile(r"\b(?:route|navigating|heading|directions|on (?:our|your) way) to\s+"
                   r"(?P<to>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)*)"
                   # a terse reply typed in lowercase ("route set to okahandja, 68 km")
                   r"|\broute (?:set|started|is set) to\s+"
                   r"(?P<typed>[a-z][\w'’-]+(?:\s+[a-z][\w'’-]+){0,2}?)(?=\s*(?:[,.;:!?]|$|\d|via\b))"
                   r"|(?P<ko>[가-힣]+(?: [가-힣]+)?)(?:으로|로) (?:안내|출발|경로)")


def _korean_place(phrase: str) -> str:
    """'해운대 해수욕장으' (the regex's greedy cut before '로') -> '해운대 해수욕장'; a leading
    '우리는' is no part of the place."""
    words = phrase.removesuffix("으").split()
    return " ".join(w for w in words if not w.endswith(("는", "은"))) or phrase


def destination_elsewhere(turn: TurnInput) -> str | None:
    """'I'm heading to Augsburg' earlier, 'let's go' now, and the reply starts a route to
    another named place."""
    if not GO_ON.search(turn.user) or names(turn.user):
        return None
    given = [m.group("to") or m.group("dest") for u in turn.history_users
             for m in (HEADING if u != u.lower() else HEADING_TYPED).finditer(u)]
    given += [_korean_place(m.group("ko")) for u in turn.history_users
              for m in HEADING_KO.finditer(u)]
    if not given:
        return None
    dest = given[-1].lower()
    low = turn.reply.lower()
    if dest in low or not acts_on_one(turn.reply):
        return None
    going = GOING.search(turn.reply)
    if not going:
        return None
    to = going.group("to") or going.group("typed") or _korean_place(going.group("ko"))
    if to.lower() in dest or dest in to.lower():
        return None
    return f"the driver is heading to {given[-1]!r}, the reply goes to {to!r}"


# The driver refers to the destination they gave ("Find parking near where we're going",
# "Will we need chains where we're going?") ...
WHERE_GOING = re.compile(r"\bwhere (?:we'?re|we are|i'?m|i am) (?:going|heading)\b"
                         r"|\b(?:our|my) destination\b"
                         # ... or asked about as "there" ("any hotel there", "what about parking
                         # there")
                         r"|^\W*(?:any|is there|are there|what about|how about)\b.*\bthere\W*$",
                         re.I)
# ... words of a destination's name that name no one place
GENERIC = frozenset("""the hotel museum glacier station airport park car centre center mall lake
beach church cathedral castle old town city market square bridge valley""".split())


def destination_referred_elsewhere(turn: TurnInput) -> str | None:
    """'We're going to the Stubai Glacier' earlier, 'where we're going' now, and the reply
    speaks of other named places, never of it."""
    said = [s for s in sentences(turn.reply) if not s.rstrip().endswith("?")]
    if not WHERE_GOING.search(turn.user) or not said:
        return None  # a question back is for `forgets_context`
    given = [m.group("to") or m.group("dest") for u in turn.history_users
             for m in (HEADING if u != u.lower() else HEADING_TYPED).finditer(u)]
    if not given:
        return None
    keys = [w for w in re.findall(r"[\w'’-]+", given[-1].lower()) if w not in GENERIC]
    low = turn.reply.lower()
    if not keys or any(k in low for k in keys):
        return None
    known = " ".join((turn.user, *turn.history_users, *turn.history_replies)).lower()
    other = [n for n in names(turn.reply) if n.lower() not in known]
    if not other and turn.reply == low:
        # a reply typed in lowercase names its place after a word of where ("parking at
        # lausanne gare, next to the station")
        other = [m.group(1) for m in AT_PLACE.finditer(low) if m.group(1) not in known]
    if not other:
        return None
    return f"the driver is going to {given[-1]!r}, the reply speaks of {other[0]!r}"


AT_PLACE = re.compile(r"\b(?:at|on|near|by|in) ((?!the\b|your\b|a\b|an\b|general\b)[a-z][\w'’-]+"
                      r"(?: [a-z][\w'’-]+)?)")


# The Korean of the same: the driver points at the place with 거기 or 그곳 ("거기까지 얼마나
# 걸려요?") after saying where they go or what they chose ("숙소는 철암 게스트하우스로 할게요"),
# and the reply times or routes another place ("태백역 앞 호텔까지는 약 8분").
WHERE_GOING_KO = re.compile(r"(?<![가-힣])(거기|그곳|목적지)")
CHOSEN_KO = re.compile(r"(?P<ko>[가-힣]+(?: [가-힣]+){0,2})(?:으로|로) (?:할게요|할게|하겠습니다|"
                       r"정했|정할게|결정했|할래요|할래|하자)")
# the destination said as such ("오늘 목적지는 남이섬 선착장이야", "목적지는 땅끝 전망대예요"),
# or the night's lodging ("오늘 숙소는 장항 스카이워크 옆 게스트하우스예요")
DESTINATION_KO = re.compile(r"(?:목적지|숙소)(?:는|가|은)? (?P<ko>[가-힣]+(?: [가-힣]+){0,3}?)"
                            r"(?:이야|야|예요|이에요|입니다|이고|이거든|거든)(?![가-힣])")
TIMED_KO = re.compile(r"(?P<ko>[가-힣]+(?: [가-힣]+){0,2})(?:까지|로)(?:는|은)? (?:약 )?\d")
# words of a Korean place that name no one place ("게스트하우스", "호텔")
GENERIC_KO = frozenset(
    "숙소 호텔 게스트하우스 펜션 민박 식당 카페 역 공원 시장 주차장 앞 옆 뒤 건너편 근처 쪽".split()
)


def _ko_keys(phrase: str) -> set[str]:
    return {w for w in (without_particles(x) for x in phrase.split()) if w not in GENERIC_KO}


def destination_referred_elsewhere_ko(turn: TurnInput) -> str | None:
    if not WHERE_GOING_KO.search(turn.user):
        return None
    given = [_korean_place(m.group("ko")) for u in turn.history_users
             for p in (HEADING_KO, CHOSEN_KO, DESTINATION_KO) for m in p.finditer(u)]
    # what the reply states, not what it asks (a question back is for `forgets_context`)
    # (a Korean sentence may end in its ending alone: "…걸립니다 바로 안내해 드릴까요?")
    said = re.split(r"(?<=[.!?])\s+|(?<=[다요])\s+(?=[가-힣])", turn.reply)
    stated = " ".join(s for s in said if not s.rstrip().endswith("?"))
    timed = TIMED_KO.search(stated)
    if not given or not timed:
        return None
    keys, to = _ko_keys(given[-1]), _ko_keys(timed.group("ko"))
    low = turn.reply.lower()
    known = " ".join((*turn.history_users, *turn.history_replies))
    # the place's own words in the reply, whole ("장항역" is not the 장항 of the lodging)
    if not keys or keys & _ko_keys(low) or not to or any(k in known for k in to):
        return None
    return f"the driver is going to {given[-1]!r}, the reply speaks of {timed.group('ko')!r}"


def destination_referred(turn: TurnInput, j: Judging) -> Judging:
    why = destination_referred_elsewhere(turn) or destination_referred_elsewhere_ko(turn)
    return forgot(turn, j, "destination_referred", why)


# A named road the driver ruled out ("the Disraeli Bridge is closed, keep me off it", "avoid
# the A9 today"), and a later route over it.
RULED_OUT = re.compile(r"\b(keep (me|us) off|stay off|avoid\w*|not via|don'?t take|skip|(is|are) "
                       r"closed)\b", re.I)
ROAD = re.compile(r"\b(bridge|tunnel|road|street|avenue|highway|expressway|motorway|pass|ring|"
                  r"boulevard|parkway|freeway)$|^(st|ave|rd|hwy)$", re.I)
# a road's number, as typed too ("stay off the m621")
ROAD_NUMBER = re.compile(r"\b(?:[ABM]\d{1,3}|I-\d{1,3}|US-?\d{1,3}|Route \d{1,3})\b", re.I)
# ... and typed in lowercase ("avoid the tasman bridge if u can"): up to two words before the
# kind of road
TYPED_ROAD = re.compile(
    r"\b(?:keep (?:me|us) off|stay off|avoid\w*|not via|don'?t take|skip)\s+(?:the\s+)?"
    r"(?P<road>(?:[a-z][\w'-]*\s+){0,2}?(?:bridge|tunnel|highway|expressway|motorway|freeway|"
    r"parkway|pass|ring road))\b")
OVER = r"\b(via|over|across|take|taking|using|on)\s+(the\s+)?"
HEEDS = re.compile(r"\b(avoid\w*|closed|instead of|around|not via|without|skipping)\b", re.I)


def road_elsewhere(turn: TurnInput) -> str | None:
    """The road the driver ruled out earlier, and the reply's route over it now."""
    low = turn.reply.lower()
    if HEEDS.search(turn.reply):
        return None
    for said in turn.history_users:
        for sentence in sentences(said):
            if not RULED_OUT.search(sentence):
                continue
            roads = {re.sub(r"^the ", "", n) for n in names(" " + sentence)
                     if ROAD.search(n.split()[-1])}
            roads |= {m.group(0).lower() for m in ROAD_NUMBER.finditer(sentence)}
            roads |= {m.group("road") for m in TYPED_ROAD.finditer(sentence.lower())}
            for road in sorted(roads):
                if road in turn.user.lower():
                    continue  # the driver speaks of it again now: not forgotten
                if re.search(OVER + re.escape(road) + r"\b", low):
                    return f"the driver ruled out {road!r} earlier, the route goes over it"
    return None


def road_ruled_out(turn: TurnInput, j: Judging) -> Judging:
    return forgot(turn, j, "road_ruled_out", road_elsewhere(turn))


# The driver set the talk right ("we're heading to clifden, not westport", "고속도로 타지 말고
# 국도로 가자", "용추계곡 쪽 아니고 백둔리야"): the thing ruled out, and the one kept.
NOT_THAT = re.compile(r"(?P<yes>[\w'’-]+),? (?:and )?not (?:to |via |in |at |the )?(?:the )?"
                      # ... "one" or the kind said after it is no part of its name ("not the
                      # wetlina one", "not the main brétignolles beach")
                      r"(?P<no>[\w'’-]+(?: (?!one\b)[\w'’-]+)?)(?: (?:one|beach|hotel|car park|"
                      r"campsite|harbour|church|cafe|restaurant))?\s*(?:[.!,;]|$)", re.I)
NOT_THAT_KO = re.compile(r"(?P<no>[가-힣]+)(?: (?:쪽|편|방향))?(?: [가-힣]+지)? "
                         r"(?:말고|아니고|아니라) (?P<yes>[가-힣]+)")
# ... which the reply may name to say it keeps it out ("not westport", "instead of the A9")
KEEPS_OUT = re.compile(r"\b(not|instead of|rather than|avoid\w*|skipping|without)\s+(the\s+)?$"
                       r"|(말고|대신|피해서?)\s*$", re.I)


def _said_right(users: tuple[str, ...]) -> tuple[str, str] | None:
    """The last correction of the driver's: (kept, ruled out)."""
    found = [(m.group("yes"), m.group("no")) for u in users for m in NOT_THAT.finditer(u)]
    found += [(re.sub(r"(으로|로)$", "", without_particles(m.group("yes"))), m.group("no"))
              for u in users for m in NOT_THAT_KO.finditer(u)]
    return (found[-1][0].lower(), found[-1][1].lower()) if found else None


def corrected_elsewhere(turn: TurnInput) -> str | None:
    """The driver ruled a place or a road out earlier, and the reply goes with it now, never
    with the one the driver kept."""
    said = _said_right(turn.history_users)
    if said is None:
        return None
    kept, out = said
    low = turn.reply.lower()
    stated = " ".join(s for s in sentences(low) if not s.rstrip().endswith("?"))
    # a Korean word is found inside a longer name ("호남고속도로"), an English one on its own
    edge = "" if is_korean(out) else r"(?<![\w])"
    at = re.search(rf"{edge}({re.escape(out)})(?![a-z])", stated)
    if not at or kept in low or out in turn.user.lower() or len(kept) < 2:
        return None
    if KEEPS_OUT.search(stated[: at.start()][-20:]):
        return None
    return f"the driver ruled out {out!r} for {kept!r}, the reply goes with {out!r}"


def corrected(turn: TurnInput, j: Judging) -> Judging:
    return forgot(turn, j, "corrected", corrected_elsewhere(turn))


def asked_again(turn: TurnInput, j: Judging, rule: str, why: str | None) -> Judging:
    """A question for what the driver established: the request's verdict is forgotten
    context (`forgets_context` may have read the question already)."""
    if why is None or len(turn.requests) != 1 or turn.requests[0].simulated:
        return j
    if F.CONTEXT_FORGOTTEN in j.verdicts[0].labels:
        return j
    text = f"[{turn.requests[0].description}] {why}"
    return replace(j, verdicts=(failed(F.CONTEXT_FORGOTTEN, Cause.FORGOT, rule, text),))


def forgot(turn: TurnInput, j: Judging, rule: str, why: str | None) -> Judging:
    if why is None or not turn.requests or turn.requests[0].simulated:
        return j
    v = j.verdicts[0]
    if v.outcome is Outcome.OPEN or F.CONTEXT_FORGOTTEN in v.labels:
        return j
    v = v.adding(Finding(F.CONTEXT_FORGOTTEN, Cause.FORGOT, rule,
                         f"[{turn.requests[0].description}] {why}"))
    return replace(j, verdicts=(v, *j.verdicts[1:]))


def chosen_place(turn: TurnInput, j: Judging) -> Judging:
    return forgot(turn, j, "chosen_place", chosen_elsewhere(turn))


def destination_given(turn: TurnInput, j: Judging) -> Judging:
    return forgot(turn, j, "destination_given", destination_elsewhere(turn))


def party_size(turn: TurnInput, j: Judging) -> Judging:
    return forgot(turn, j, "party_size", party_elsewhere(turn))


# The driver points back at the place just settled on ("is there parking there?") ...
POINTS_BACK = re.compile(r"\b(there|it|that one|that place)\W*$", re.I)
# ... which the last reply acted on (a route set, a table booked) or the driver took up
SETTLED = re.compile(r"\b(route|navigation|directions)\b[^.!?]*\b(is )?(set|started)\b|"
                     r"\bbooked\b|\breserved\b|\bheading to\b|안내를 시작|예약(했|됐|되었)", re.I)
# ... and the reply asks which it was
ASKS_WHICH = re.compile(
    r"\bwhich (\w+ )?(one|place|\w+) (do|did|would) you (mean|want)\b|\b(tell|remind) me (its|the) "
    r"name\b|\bwhat('?s| is) (its|the) name\b|어느 [가-힣]+ (말씀|말하)",
    re.I,
)


# ... or the driver said which they take ("i'll take the petro-canada on carling")
CHOICE = re.compile(r"\b(?:i'?ll|we'?ll|i will|we will|let'?s) (?:take|go with|pick) (?:the )?"
                    r"(?P<x>[\w'’-]+(?: [\w'’-]+){0,3})", re.I)


# ... or asked it to be kept ("remember cicciolina for dinner at 8")
REMEMBER = re.compile(r"\b(?:remember|note|save|keep in mind) (?:the )?(?P<x>[\w'’-]+"
                      r"(?: [\w'’-]+){0,2}?) (?:for|as)\b", re.I)


def chosen_asked_again(turn: TurnInput) -> str | None:
    """The last reply settled on one place, or the driver said which they take, the driver
    refers back to it without naming it, and the reply asks which place that was: 'chose X,
    asked which'."""
    if not turn.history_replies or names(turn.user) or not (
        POINTS_BACK.search(turn.user) or BARE_REFERENCE.search(turn.user)
    ):
        return None
    choice = CHOICE.search(turn.history_users[-1]) or REMEMBER.search(turn.history_users[-1])
    if choice and ASKS_WHICH.search(turn.reply):
        taken = choice.group("x")
        if taken.split()[0].lower() not in turn.reply.lower():
            return f"the driver chose {taken!r}, the reply asks which one it was"
    # ... or the driver named one place on the last turn ("we're having lunch at Café Mühle in
    # Bled"), and "near there?" is asked back as which place
    earlier = turn.history_users[-1]
    told = _places(" " + earlier)
    if len(told) > 1:  # the town it is in is no second place ("Café Mühle in Bled")
        told = {n for n in told if not re.search(rf"\bin {re.escape(n)}\b", earlier.lower())}
    # (and said back by the assistant: "Café Mühle in Bled, got it.")
    told = {n for n in told if n in turn.history_replies[-1].lower()}
    if len(told) == 1 and ASKS_WHICH.search(turn.reply) and POINTS_BACK.search(turn.user):
        place = next(iter(told))
        if place.split()[0].lower() not in turn.reply.lower():
            return f"the driver named {place!r}, the reply asks which place that was"
    last = turn.history_replies[-1]
    if not (SETTLED.search(last) or GO_ON.search(turn.history_users[-1])
            or BARE_REFERENCE.search(turn.history_users[-1])):
        return None  # one place offered is not yet one chosen
    said = _places(" ".join(turn.history_users))
    settled = _places(last) - said
    if len(settled) != 1 or not ASKS_WHICH.search(turn.reply):
        return None
    chosen = next(iter(settled))
    if chosen in turn.reply.lower():
        return None  # "Boots Ocean Terminal, right?" is a confirmation
    return f"the talk settled on {chosen!r}, the reply asks which one it was"


def chosen_asked(turn: TurnInput, j: Judging) -> Judging:
    """The question counts for nothing: the driver would have to say the place again."""
    why = chosen_asked_again(turn)
    if why is None or len(turn.requests) != 1 or turn.requests[0].simulated:
        return j
    text = f"[{turn.requests[0].description}] {why}"
    return replace(j, verdicts=(failed(F.CONTEXT_FORGOTTEN, Cause.FORGOT, "chosen_asked", text),))
