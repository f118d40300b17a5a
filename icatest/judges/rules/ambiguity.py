"""Ambiguity in free text, the rubric's three material cases (docs/offline_backend.md):

* several named things match: the last reply offered two Rewes and the driver says "the Rewe"
  ("스타벅스로 가 줘" after two Starbucks branches, "call Alex back" after two Alexes), or the
  name is one that well-known places far apart share ("Frankfurt": `homonyms.py`);
* the readings conflict: "turn it off" when nothing was named that "it" could be;
* safety depends on the reading: the same, when one reading is unsafe while moving ("open
  it" at 80 km/h).

Each fires only when the reply acts on one reading (a route, a call, a setting) and asks
nothing. A clarifying question is never a miss; a reading the driver picked ("the closest",
"the one on Leopoldstraße") is no ambiguity. The unnamed "it" of the second and third cases is
read in `unnamed_it.py`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from icatest.contracts.labels import FailureMode as F
from icatest.judges.rules import acts, asking
from icatest.judges.rules.korean import is_korean, without_particles
from icatest.judges.rules.place_kinds import place_kind, place_kinds
from icatest.judges.rules.text import STOP, content_stems, names, sentences, stem, words
from icatest.judges.rules.turn import TurnInput
from icatest.judges.rules.turn_rules import STREET, Judging
from icatest.judges.rules.verdicts import Cause, Finding, Outcome, decided, failed

# A reply that goes ahead: a route, a call, a setting, in either language.
ACTS = re.compile(
    r"\b(navigating|heading|routing|route (to|is)|starting|started|calling|dialing|ringing|"
    r"i'?ll take you|taking you|on (our|your) way|guiding you|set (to|for)|is now (on|off|set)|"
    r"setting (a |the )?(course|route) (for|to)|"
    # the terse operator's "mirador de chío set, 18 km west"
    r"set(?=\s*[,.;!]|\s*$)|"
    # ... or its choice said as settled ("lago del predil it is, 40 min")
    r"(?<=\w) it is(?=\s*[,.;!—–]|\s*$)|"
    r"turned|switched|opened|opening|closing|closed|lowered|raised|lowering|raising|sent|muted|"
    r"sending|texting|replied|added|adding|done|off we go|deleted|removed|"
    r"cancell?ed|(i'?ve )?gone with|going with)\b"
    # a window or a roof on its way ("Rear windows going halfway down")
    r"|\b(going|coming|rolling|sliding)( [\w-]+){0,5} (down|up|open)\b"
    # the state said ("okay, the air con's off"), not where a place is ("is on mill road")
    r"|(?:'s|’s|\bis) (?:now )?(?:off|on)(?=\s*(?:[.,!;]|now\b|$))"
    # the terse operator's move, said first ("going to downtown, 14 min.", "…, going to kelso")
    r"|(?:^|[.!?,;]\s+)\W*going (to(?! be\b)|there)\b"
    r"|안내(를? ?시작)?(할게요|할게|하겠습니다|합니다|해 ?드릴게요)|출발(할게요|할게|합니다)|"
    r"전화(를)? ?(걸|겁|할|드릴|드리|연결할|연결해 ?드릴|연결합)|"
    # the call placed to one, the call left unsaid ("김민준한테 걸게요")
    r"(한테|에게|께) ?(걸게요|걸게|겁니다|걸겠습니다|걸어 ?드릴게요)|"
    r"(켰|껐|열었|닫았|맞췄|올렸|내렸|낮췄|높였|줄였|키웠)(어요|습니다|어)|"
    r"(켜|꺼|열어|닫아|맞춰|줄여|낮춰) ?드렸|"
    r"안내 ?시작(?=[.!\s]|$)|"
    # the terse 반말 of the same, its clause closed ("수덕사 앞 카페로 안내해, 9km.")
    r"(으로|로) 안내해(?=\s*[,.!]|$)|"
    # going there, said as the assistant's own move ("설봉 공영주차장으로 갈게요",
    # "도담동으로 간다")
    r"(으로|로) ?(갈게요|갈게|간다|갑니다|가겠습니다|모실게요|모시겠습니다|모셔다 ?드릴게요)|"
    # the call put through to one ("박지훈 님으로 연결할게요"), one of two deleted or cancelled
    r"(으로|로|에게|께) ?연결(할게요|할게|하겠습니다|합니다|해 ?드릴게요|했어요|했습니다)|"
    r"(삭제|취소)(했어요|했습니다|할게요|했어|됐어요|됐습니다|되었습니다)",
    re.I,
)
# Words that pick one reading out: "the first one", "the closest", "가까운 곳".
PICKS = re.compile(
    r"\b(first|second|third|last|closest|nearest|cheapest|fastest|best|other|same|previous|"
    r"earlier|bigger|smaller|one on|one at|one in)\b|가까운|첫 ?번째|두 ?번째|제일|가장|아까",
    re.I,
)
# The driver's words that are never the name of a thing ("take", "please", "가").
NOT_A_NAME = frozenset(
    """take me go drive navigate route call ring phone back please okay ok now let let's
    head bring get find show start yes sure then again quick quickly""".split()
)


def acts_on_one(reply: str, user: str = "") -> bool:
    """The reply goes ahead with one reading and asks nothing about it. Given the driver's
    words, only a question about the request counts ("Which Springfield?"), not an offer of
    something else ("Shall I look for motels on the way?")."""
    if "?" in reply and (not user or asking.clarifying_questions(reply, user, user)):
        return False
    stated = " ".join(s for s in sentences(reply) if not s.rstrip().endswith("?"))
    return bool(ACTS.search(stated) or acts.confirms_action(stated))


def _fits(word: str, text: str) -> set[str]:
    """What tells the mentions of the driver's word in the text apart: 'Rewe Leopoldstraße
    (700 m) and Rewe Hohenzollernstraße' gives {'leopoldstraße', 'hohenzollernstraße'} for
    'rewe'; words the mentions share are passed over ('Huckleberry Roasters, Larimer St' and
    'Huckleberry Roasters, Platte St' give {'larimer', 'platte'})."""
    tails = []
    # what follows the word, after a space or a comma ("Café Lisboa, Plaza del Doctor Collado")
    for m in re.finditer(rf"(?<!\w){re.escape(word)}(?=([\s,;][^\n]*))", text, re.I):
        said = re.findall(r"[^\s,.;:!?()/*]+", m.group(1))[:6]
        tails.append([without_particles(w.lower()) if is_korean(w) else w.lower() for w in said])
    shared = 0
    while (len(tails) > 1 and all(len(t) > shared for t in tails)
           and len({t[shared] for t in tails}) == 1):
        shared += 1
    out = set()
    for t in tails:
        nxt = t[shared] if len(t) > shared else ""
        if nxt and nxt not in STOP and not nxt[:1].isdigit():
            out.add(nxt)
    return out


def _fits_before(word: str, text: str) -> set[str]:
    """The Korean of the same: the word before each mention tells them apart, as Korean
    names the place before its kind ('색달해변 공영주차장이랑 중문관광단지 공영주차장' gives
    {'색달해변', '중문관광단지'} for '공영주차장')."""
    heads = set()
    for m in re.finditer(rf"([^\s,.;:!?()/*]+)\s+{re.escape(word)}", text):
        head = without_particles(m.group(1)) if is_korean(m.group(1)) else m.group(1).lower()
        if head and head not in STOP and not head[:1].isdigit():
            heads.add(head)
    return heads


# A name with accented letters whole ("Aéroville", "Lévis"), which words() cuts at the accent.
ACCENTED = re.compile(r"\b[^\W\d_]*[\u00c0-\u024f][^\W\d_]*")


def _the_words(user: str) -> list[str]:
    """The driver's words that could name a thing ('rewe', 'alex', '스타벅스')."""
    out = []
    for w in [*words(user), *(m.lower() for m in ACCENTED.findall(user))]:
        w = without_particles(w) if is_korean(w) else w
        if len(w) >= 2 and w not in STOP and w not in NOT_A_NAME:
            out.append(w)
    # a name in Latin letters and Hangul at once ("GS칼텍스로 가 줘"), which words() splits
    for token in user.split():
        if re.search(r"[A-Za-z]", token) and is_korean(token):
            out.append(without_particles(token.strip(".,!?")).lower())
    return out


def _fitting_several(turn: TurnInput) -> Iterator[tuple[str, set[str]]]:
    """The driver's words that fit several things the last reply offered, none of which the
    driver names, with those things."""
    last = turn.history_replies[-1]
    for word in _the_words(turn.user):
        offered = _fits(word, last)
        if len(offered) < 2 and is_korean(word):
            offered = _fits_before(word, last)
        if len(offered) >= 2 and not any(o in turn.user.lower() for o in offered):
            yield word, offered


def several_match(turn: TurnInput) -> str | None:
    """The last reply offered several things the driver's word fits, the driver does not say
    which, and the reply goes ahead with exactly one of them: what it picked, or None."""
    if not turn.history_replies or PICKS.search(turn.user):
        return None
    low = turn.reply.lower()
    for word, offered in _fitting_several(turn):
        chosen = [o for o in offered if o in low]
        if len(chosen) == 1 and acts_on_one(turn.reply, turn.user):
            return f"{word} {chosen[0]}"
        if not chosen and word in low and acts_on_one(turn.reply, turn.user):
            return word  # goes ahead to 'the' one without saying which ("다이소로 안내할게요")
    return (_kind_match(turn) or _listed_match(turn) or _item_match(turn)
            or _joined_match(turn))


# A distance or a trip time after each place a terse reply lists ("bp on commercial st, 500 m,
# and shell on ferry rd, 1.3 km", "효자동 공영충전소 1km, 이피트 전주점 2.5km예요", "감와인 카페 (약
# 8분)"): the places are the stretches before each, lowercase or Korean, with no capital to
# find them by.
_HOW_FAR = re.compile(r"\(?\b\d+(?:[.,]\d+)?\s*(?:km|m|mi|miles?|mins?|minutes?|분)(?![a-z])\)?",
                       re.I)
_LEAD = re.compile(r"^(?:\W|\b(?:and|or|also|then|plus|both|two|three)\b|그리고|와|과)+", re.I)


# A Korean sentence ended with no stop, its emoji gone ("두 군데 있어요 🍜 금강 생선국수")
_KO_END = re.compile(r"(?<=[가-힣])(?:요|다|죠)\s+")


def _listed(reply: str) -> list[str]:
    """The first word of each place the reply lists with its distance ('bp', 'shell'); in a
    list, a line each, each line's first word ("함평 온누리약국: 읍내, 약 1km", its marker
    gone)."""
    lines = [ITEM.sub(r"\1", line) for line in reply.splitlines() if _HOW_FAR.search(line)]
    marked = [h for h in map(_head, lines) if h]
    if len(lines) >= 2 and len(marked) == len(lines):
        return marked
    heads = []
    for part in _HOW_FAR.split(reply)[:-1]:
        part = re.split(r"[.:;!?]", part)[-1]
        part = _KO_END.split(part)[-1]  # "두 군데 있어요 금강 생선국수": after the sentence
        part = _LEAD.sub("", part.strip())
        first = part.split()[0] if part.split() else ""
        first = _name_word(first)
        if len(first) >= 2 and first not in STOP:
            heads.append(first)
    return heads


def _head(item: str) -> str:
    """The first word of a list item, without its particles ('함평' of '함평 온누리약국: …')."""
    first = _name_word(item.split()[0].strip(".,:;*") if item.split() else "")
    return first if len(first) >= 2 and first not in STOP else ""


def _name_word(word: str) -> str:
    """The first word of a name, lowercase, a Korean one without its particles unless that
    leaves one syllable: '청도' and '완도' are places, not 청 and 완 with 도 ('also')."""
    if not is_korean(word):
        return word.lower()
    bare = without_particles(word)
    return bare if len(bare) >= 2 else word


def _listed_match(turn: TurnInput) -> str | None:
    """"go to the petrol station" after "any petrol stations?" was answered with two listed
    by distance ("충전소로 가 줘" after two 충전소), and the reply goes to one of them."""
    if not turn.history_users:
        return None
    asked, user = turn.history_users[-1], turn.user.lower()
    kind = place_kind(turn.user)
    same = kind is not None and kind == place_kind(asked)
    same = same or any(is_korean(w) and w in asked for w in _the_words(turn.user))
    same = same or bool(POINTS_BACK.search(turn.user))  # "거기로 가 줘": one of them, not which
    heads = _listed(turn.history_replies[-1])
    if not same or len(set(heads)) < 2 or any(h in user for h in heads):
        return None
    low = turn.reply.lower()
    chosen = [h for h in set(heads) if re.search(rf"(?<!\w){re.escape(h)}", low)]
    return chosen[0] if len(chosen) == 1 and acts_on_one(turn.reply) else None


# Two things a terse reply joins, lowercase and with no distance ("hertz and europcar, both
# level -1", "avis or sixt", "san pedro and san blas"): the last word before the "and" / "or"
# and the first word after it that the one before does not share ("blas", not "san").
_JOINED = re.compile(r"((?:[a-z][\w'-]* ){0,2}[a-z][\w'-]*) (?:and|or|&) "
                     r"([a-z][\w'-]*(?: [a-z][\w'-]*){0,2})", re.I)
# A person the driver points back at ("call him back", "text her"), after two people named.
_PERSON_BACK = re.compile(r"\b(call|ring|phone|text|message|dial)\s+(him|her)\b", re.I)


def _pairs(reply: str) -> Iterator[set[str]]:
    for m in _JOINED.finditer(reply):
        left, right = m.group(1).lower().split(), m.group(2).lower().split()
        after = next((w for w in right if w not in left), "")
        pair = {left[-1], after}
        if len(pair) == 2 and not pair & (STOP | NOT_A_NAME):
            yield pair


def _joined_match(turn: TurnInput) -> str | None:
    """"call the rental desk" after "which rental desks are at the station?" was answered
    "hertz and europcar": the driver's words are those of the question the two answered (or
    the driver points back, "take me there", "call him back"), and the reply goes ahead with
    one of them (a call with no name said goes ahead with one the reply does not name)."""
    if not turn.history_users:
        return None
    mine = {stem(w) for w in _the_words(turn.user)}
    person = _PERSON_BACK.search(turn.user)
    # or points back at the two with no word of either ("ok take me over there")
    if (not mine & {stem(w) for w in _the_words(turn.history_users[-1])}
            and not POINTS_BACK.search(turn.user) and not person):
        return None
    if not acts_on_one(turn.reply, turn.user):
        return None
    user, low = turn.user.lower(), turn.reply.lower()
    for pair in _pairs(turn.history_replies[-1]):
        if any(p in user for p in pair):
            continue
        chosen = [p for p in pair if re.search(rf"(?<!\w){re.escape(p)}(?!\w)", low)]
        if len(chosen) == 1:
            return chosen[0]
        if person and not chosen:
            return "one it does not name"
    return _either_match(turn.history_replies[-1], turn.history_users[-1], turn.user, turn.reply)


# Two places offered as either one ("two: the harbourside bakery on the main road, or crust and
# co in macandrew bay"): the stretches before and after the "or".
_EITHER = re.compile(r",?\s+or\s+", re.I)


def _either_match(offered: str, asked: str, user: str, reply: str) -> str | None:
    """The reply goes ahead with the one of two offered places whose own words it says; the
    driver's words beyond their question ("the one in macandrew bay") would have said which."""
    parts = _EITHER.split(offered.split(":", 1)[-1])
    if len(parts) != 2:
        return None
    said, told = content_stems(user), content_stems(reply)
    stems = [content_stems(p) - said for p in parts]
    own = [stems[0] - stems[1], stems[1] - stems[0]]
    if not all(own) or any(o & (said - content_stems(asked)) for o in own):
        return None
    chosen = [sorted(o & told)[0] for o in own if o & told]
    return chosen[0] if len(chosen) == 1 else None


# The driver points back with no word of the place's own ("거기로 가 줘", "take me there").
POINTS_BACK = re.compile(
    r"^\W*(거기|그곳|그리|저기)(로|에)? ?(가|안내|데려)"
    r"|\b((take|get|bring) (me|us)|go|head|drive)( over| up| down| out)? there\b", re.I)


# The items of a list the last reply laid out ("1. 10:00 Team sync", "- Budget review").
ITEM = re.compile(r"^\s*(?:\d+[.)]|[-•*])\s+(.+)$", re.M)


def _items(reply: str) -> list[str]:
    """A list's items, with their markers or (markdown read as plain text) the lines after
    its heading ("You have two meetings:")."""
    marked = [m.group(1) for m in ITEM.finditer(reply)]
    if len(marked) >= 2:
        return marked
    lines = [line.strip() for line in reply.splitlines() if line.strip()]
    heading = next((i for i, line in enumerate(lines) if line.endswith(":")), None)
    return lines[heading + 1:] if heading is not None else []


def _item_match(turn: TurnInput) -> str | None:
    """"Cancel my meeting tomorrow" after a list of two meetings: the driver names the items'
    kind in the singular, no item's own words, and the reply acts on one of them."""
    items = _items(turn.history_replies[-1])
    if len(items) < 2:
        return None
    plurals = {w[:-1] for w in re.findall(r"\b([a-z]{4,}s)\b", turn.history_replies[-1].lower())}
    if not plurals & set(re.findall(r"\b[a-z]{4,}\b", turn.user.lower())):
        return None
    stems = [content_stems(i) for i in items]
    own = [s - set().union(*(o for o in stems if o is not s)) for s in stems]
    user, reply = content_stems(turn.user), content_stems(turn.reply)
    if any(o & user for o in own):
        return None  # "the budget review": the driver said which
    chosen = [i for i, o in zip(items, own, strict=True) if o & reply]
    if len(chosen) == 1 and acts_on_one(turn.reply, turn.user):
        return chosen[0].strip()[:40]
    return None


# A reply that offers several ("two options", "I found three", "두 곳").
COUNTED = re.compile(r"\b(two|three|four|several|a few|both|options|choices)\b|[두세네] ?곳|"
                     r"[2-4] ?(곳|개)", re.I)


def _kind_match(turn: TurnInput) -> str | None:
    """"Take me to the charger" after a reply that offered two chargers by name."""
    kind = place_kind(turn.user)
    last = turn.history_replies[-1]
    if kind is None or names(turn.user):
        return None
    if kind not in place_kinds(last) and not COUNTED.search(last):
        return None
    earlier = names(" ".join(turn.history_users))
    offered = [n for n in names(last) - earlier if not STREET.search(n)]
    low = turn.reply.lower()
    chosen = [n for n in offered if n in low]
    # one place may carry several names ("OMV at Barje"): the places are the list's items
    items = [{n for n in offered if n in part.lower()} for part in _ITEMS.split(last)]
    items = [i for i in items if i]
    picked = [i for i in items if any(n in low for n in i)]
    one = (len(offered) >= 2 and len(chosen) == 1) or (len(items) >= 2 and len(picked) == 1)
    if one and acts_on_one(turn.reply, turn.user):
        return chosen[0] if len(chosen) == 1 else sorted(picked[0])[0]
    return None


_ITEMS = re.compile(r"[,;]|\b(?:and|or)\b|(?<=[.!?])\s", re.I)


def acted_on(turn: TurnInput, j: Judging, rule: str, why: str | None) -> Judging:
    """The turn's one free-text request, completed, now failed as acted on one reading. A
    reply that sets a thing the request never named ("the seat heating is off" to "turn it
    off") reads as no answer to the request's words; it is an answer to one reading."""
    if why is None or len(turn.requests) != 1 or turn.requests[0].simulated:
        return j
    v = j.verdicts[0]
    text = f"[{turn.requests[0].description}] {why}, without asking which"
    finding = Finding(F.AMBIGUITY_UNRESOLVED, Cause.ACTED_ON_AMBIGUITY, rule, text)
    # a bare "Switched off." reads as a reply with no content, and "I've lowered both rear
    # windows" as off the topic of "open it up at the back"; to either it is an act
    # (or, "sent the ferry ticket to arben", as a restatement or an answer without its value)
    if v.cause in (Cause.NOT_ADDRESSED, Cause.CANNOT_TELL, Cause.CONTENTLESS, Cause.OFF_TOPIC,
                   Cause.ECHO, Cause.NO_VALUE
                   ) and not v.labels - {F.REQUEST_OMITTED, F.IRRELEVANT_RESPONSE}:
        answer = failed(F.AMBIGUITY_UNRESOLVED, Cause.ACTED_ON_AMBIGUITY, rule, text)
        return replace(j, verdicts=(answer, *j.verdicts[1:]))
    # a door opened (or ESP switched off) while moving on one reading of "open it" ("switch it
    # off") is unsafe and ambiguous both
    if v.outcome is not Outcome.COMPLETED and v.cause not in (Cause.OPENED_MOVING,
                                                              Cause.DISABLED_MOVING):
        return j
    return replace(j, verdicts=(v.adding(finding), *j.verdicts[1:]))


def ambiguous_name(turn: TurnInput, j: Judging) -> Judging:
    picked = several_match(turn)
    why = f"the driver's words fit several things the last reply offered; it picks {picked!r}"
    return acted_on(turn, j, "ambiguous_name", why if picked else None)


def several_asked(turn: TurnInput) -> str | None:
    """The last reply offered several things the driver's word fits, the driver does not say
    which, and the reply names two or more of them and asks which: the word, or None."""
    if not turn.history_replies or PICKS.search(turn.user) or "?" not in turn.reply:
        return None
    low = turn.reply.lower()
    for word, offered in _fitting_several(turn):
        if sum(o in low for o in offered) >= 2 and not acts_on_one(turn.reply, turn.user):
            return word
    return None


def asked_which(turn: TurnInput, j: Judging) -> Judging:
    """'Which one: Broughton Street or Tybee?' to 'take us to Marsh Hen Kitchen' after both were
    offered: a clarifying question, the request open (its figures are no answer yet)."""
    if len(turn.requests) != 1 or turn.requests[0].simulated:
        return j
    v = j.verdicts[0]
    if v.outcome is not Outcome.COMPLETED or v.labels:
        return j
    word = several_asked(turn)
    if word is None:
        return j
    why = f"asks which of the places {word!r} fits the reply names"
    return replace(j, verdicts=(decided(Outcome.OPEN, Cause.ASKS, "asked_which", why),
                                *j.verdicts[1:]))
