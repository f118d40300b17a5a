"""Constraints in free text ("avoid highways", "by 6pm", "within 2 km", "not too expensive")
and the evidence in a reply that honours or breaks them.

Exact things are checked exactly: a deadline against the ETA the reply states (or the clock
time plus the duration it gives), a distance limit against the distances it names. Wording that
varies ("I'll steer clear of the Autobahn") is matched by families of paraphrase patterns
(`families.py`).
A constraint the judge does not recognise is `unknown`, never silently honoured.
"""

from __future__ import annotations

import re

from icatest.judges.rules import ko_times, limits, trip_times
from icatest.judges.rules.by_family import family_check
from icatest.judges.rules.checked import Check, Checked
from icatest.judges.rules.families import FAMILIES, HAD, SUBJECTS
from icatest.judges.rules.lacking import lacking
from icatest.judges.rules.opening_hours import (
    OPEN_BY,
    OPEN_PAST,
    OPEN_PAST_KO,
    OPEN_PAST_STILL,
    next_day,
    open_by,
    open_now,
    open_past,
)
from icatest.judges.rules.prices import (
    BARE_LIMIT,
    OTHER_LIMIT,
    PRICE_LIMIT,
    WON_LIMIT,
    bare_limit,
    cheap_prices,
    other_limit,
    price_limit,
    scaled_limit,
    won_limit,
)
from icatest.judges.rules.ruled_out import thing_ruled_out
from icatest.judges.rules.text import (
    any_match,
    content_stems,
    distances_km,
    durations,
    minutes_of,
)
from icatest.judges.rules.weekdays import open_on_day

# The driver's deadline ("by 6 pm") and an hour to be there for ("before it closes at 17:00",
# "for a 17:00 jeep tour": a clock time, "a table for 4" is no hour).
DEADLINE = re.compile(
    r"\b(?:arriv\w* |get there |be there |make it )?(?:by|before|no later than|until|"
    r"in time for|before (?:it|they) clos(?:es|e) at|for (?:a|an|the|our|my)"
    r"(?=\s+\d{1,2}(?:[:.]\d{2}|\s*[ap]\.?m\.?)\s+[a-z])"
    # ... or a clock time to be somewhere for ("be at the shuttle for 14:00")
    r"|(?<=\bbe at )[^.,;]{0,40}?\bfor(?=\s+\d{1,2}[:.]\d{2}))"
    r"\s+(?P<t>(?:2[0-3]|[01]?\d)(?:[:.]\d{2})?(?!\d)\s*(?:a\.?m\.?|p\.?m\.?)?|noon|midnight)",
    re.I,
)
WITHIN = re.compile(r"\b(?:within|less than|under|no more than|no longer than|nothing longer than|"
                    r"max(?:imum)?)\s+(?P<d>[\d.,]+\s*"
                    r"(?:km|kilometers?|kilometres?|m|meters?|miles?|mi))\b", re.I)
# ... with the limit word after it ("short walks only, 2 km max")
MAX_AFTER = re.compile(r"(?<![\w.,])(?P<d>[\d.,]+\s*(?:km|kilometers?|kilometres?|miles?|mi))\s+"
                       r"(?:max(?:imum)?|at most|tops)\b", re.I)
TAKING = re.compile(r"\b(?:in|within|under|less than|no more than)\s+(?P<n>\d+)\s*(?:min|mins|"
                    r"minutes)\b", re.I)
# the driver saying when they will be there ("we'll be there in 10 minutes") sets no limit
ARRIVING = re.compile(r"\b(?:we|i)(?:'ll| will|'re| are|'m| am)\s+(?:be\s+)?there\s+$", re.I)
# a distance limit in Korean ("5km 안쪽에", "3km 이내", "500m 안에")
WITHIN_KO = re.compile(r"(?P<d>\d+(?:\.\d+)?\s?(?:km|m))\s?(?:이내|안쪽|안에|내로|내에|이하|"
                       r"안(?![가-힣]))", re.I)  # also "5km 안" written alone
# a distance said as a walk ("정문에서 걸어서 5분", "a 5-minute walk"): about 80 m a minute
WALK = re.compile(r"(?:걸어서|도보로?)\s?(?P<k>\d+)\s?분|"
                  r"\b(?P<e>\d+)[- ]?(?:min|minute)s?'? walk\b", re.I)
WALK_KM_PER_MINUTE = 0.08
# a walk as the limit ("within a five-minute walk of the charger", "under 10 minutes' walk")
MINUTE_WORDS = {"two": 2, "three": 3, "five": 5, "ten": 10, "fifteen": 15, "twenty": 20}
WALK_LIMIT = re.compile(r"\b(?:within|under|less than|no more than|at most)\s+(?:an?\s+)?"
                        r"(?P<n>\d+|" + "|".join(MINUTE_WORDS) + r")[- ]?(?:min|mins|minutes?)'?"
                        r"(?:s'?)?\s+walk", re.I)
# the same limit in Korean ("20분 안에 갈 수 있는", "30분 이내")
TAKING_KO = re.compile(r"(?P<n>\d+)\s?분\s?(?:이내|안에|안으로|내로|내에|이하)")
# ... in hours, as a most or as more ruled out ("한 시간 이내", "1시간 넘는 이동 없음")
TAKING_KO_HOURS = re.compile(r"(?P<h>\d+)\s?시간\s?(?:이내|안에|안으로|내로|내에|이하|"
                             r"(?:넘는|넘게|이상)\s?(?:이동|운전|거리)?\s?(?:은|는)?\s?"
                             r"(?:없음|없이|말고|빼고|안 ?돼|싫|피해|못))")
LATER = re.compile(r"\b(remind\w*|reminder|alarm|timer|call|text|message)\b", re.I)
# a notice asked for later ("도착하면 알려 줘", "10분 뒤에 알려 줘"), not the "tell me" of a
# search ("15분 안에 갈 수 있는 충전소 알려 줘요")
LATER_KO = re.compile(r"(면|때|후에?|뒤에?|되면|전에)\s?(좀 |꼭 )?알려|"
                      r"알림|리마인드|타이머|알람|전화|문자|메시지")
GENRE = re.compile(r"\b(?P<g>jazz|classic rock|rock|pop|classical|hip[- ]hop|rap|country|blues|"
                   r"metal|techno|electronic|reggae|soul|folk|indie|disco|funk)\b(?= music| songs?|"
                   r"\b)", re.I)
NEAR = re.compile(r"\b(?:near|close to|around|next to|by)\s+(?P<p>[A-Z][\w' -]+)")
LATE = (r"\b(won'?t|will not|can'?t|cannot|not) (make it|arrive|get there|be there) (in time|by|on "
        r"time|before)", r"\btoo late\b", r"\blate by\b", r"\bafter (your|the) deadline\b",
        r"\b(miss\w*|won'?t make|can'?t make) (your|the) (deadline|\d)",
        # the deadline after them spoken too ("5 minutes after quarter to")
        r"\b\d+ ?min\w* (late|past (your|the)|after (your|the|quarter|half))\b",
        # ... or the closing the driver named ("10 minutes after it closes at 18:00")
        r"\bafter (it|they|the \w+) (closes|close|shuts?)\b|\bafter closing\b",
        r"\b(later than|past) (your|the) (deadline|\d)",
        # the deadline doubted in the reply's own words ("I don't think 8:00 works")
        r"\b(don'?t|do not) think\b[^.?!]{0,25}\b(works?|will work|is (possible|doable|realistic|"
        r"feasible))\b")
# "..., after 16:00", "after your 6 pm": the reply says openly that it arrives late
AFTER = re.compile(
    r"\bafter\s+(?:your\s+|the\s+)?(\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?)", re.I
)
# Times that are no arrival, in English as in Korean (ko_times.HOURS): opening hours ("the
# kitchen serves until 01:00", "open until 23:00", "closes at 22:00", "opens at 10").
OPEN_HOURS = re.compile(
    r"\b(?:open(?:s|ed)?|serv(?:es|ing)|clos(?:es|ing)|shuts?)\s+(?:un)?(?:til|till|at|from)\s+"
    r"\d{1,2}(?:[:.]\d{2})?(?:\s*[ap]\.?m\.?)?",
    re.I,
)


def without_hours(text: str) -> str:
    """The text with its opening hours blanked out, so that no rule reads them as a plan's
    times or an arrival."""
    text = ko_times.without_opening_hours(text)
    return OPEN_HOURS.sub(lambda m: " " * len(m.group(0)), text)


def constraint_text(cid: str) -> str:
    """A structured constraint id as the words a driver would use ('arrive_by:18:00')."""
    name, _, arg = cid.partition(":")
    if name == "arrive_by":
        return f"arrive by {arg}"
    if name == "near":
        return f"near {arg}"
    return cid.replace("_", " ")


# A road ruled out by its number in free text ("keep us off the a1 tonight"): read by
# `_road_avoided` below.
ROAD_RULED_OUT = re.compile(r"\b(?:avoid\w*|stay\w* off|keep\w* (?:me |us )?off|not via|skip\w*)"
                            r"\s+(?:the\s+)?(?P<road>[abm]\d{1,3}|i-\d{1,3}|us-?\d{1,3}|"
                            r"route \d{1,3})\b")


def constraints_in(text: str, had: bool = True) -> list[str]:
    """Constraint phrases found in a free-text request ('... by 6pm avoiding highways'); with
    `had`, also what a place is asked to have ('a hotel with parking')."""
    found: list[str] = []
    low = text.lower()
    for m in DEADLINE.finditer(text):
        found.append(f"arrive by {m.group('t')}")
    korean = None if found else ko_times.deadline(text)  # '7시까지 인천공항 가야 해'
    if korean is not None:
        found.append(f"arrive by {ko_times.as_clock(korean)}")
    # a place open later than a time ("a diner that's open past midnight"; "open until 1 am"
    # is read as a deadline above)
    found += [f"open past {m.group('t').strip().lower()}" for m in OPEN_PAST.finditer(text)
              if not re.match(r"open (until|till)", m.group(0), re.I)]
    for m in (*WITHIN.finditer(text), *MAX_AFTER.finditer(text), *WITHIN_KO.finditer(text)):
        found.append(f"within {m.group('d')}")
    found += [m.group(0).lower() for m in PRICE_LIMIT.finditer(text)]
    found += [m.group(0).lower() for m in OTHER_LIMIT.finditer(text)]  # 'under 300 yen'
    found += [m.group(0) for m in WON_LIMIT.finditer(text)]  # '만 원 이하로 먹을 수 있는
    found += [m.group(0).lower() for m in BARE_LIMIT.finditer(text)]  # 'under 100 a night'
    found += [m.group(0).lower() for m in WALK_LIMIT.finditer(text)]  # 'within a 5-minute walk'
    found += [m.group(0) for m in OPEN_PAST_KO.finditer(text)]  # '밤 10시 넘어서도 영업'
    found += [m.group(0).lower() for m in OPEN_PAST_STILL.finditer(text)]  # 'still use after 9'
    found += limits.vehicle_needs(text)
    if not LATER.search(text):
        found += [f"takes at most {m.group('n')} min" for m in TAKING.finditer(text)
                  if not ARRIVING.search(text, 0, m.start())]
        if not LATER_KO.search(text):
            found += [f"takes at most {m.group('n')} min" for m in TAKING_KO.finditer(text)]
    found += [f"avoid the {m.group('road')}" for m in ROAD_RULED_OUT.finditer(low)]
    if re.search(r"\b(play|music|song|radio|playlist|listen)", low):
        found += [f"genre {m.group('g').lower()}" for m in GENRE.finditer(text)]
    having = HAVING.search(low) if had else None
    for name, family in FAMILIES.items():
        if name in SUBJECTS and not (having and name in HAD
                                     and any_match(family.asks, having.group(1))):
            continue  # in a description these are usually the subject, not a constraint
        if _said_otherwise(name, low):
            continue
        if any_match(family.asks, low):
            found.append(name.replace("_", " "))
    return found


WEATHER_ASKED = re.compile(r"\b(warm|cold|hot|chilly|windy|dry) enough\b|\b(will|is) it (be )?"
                           r"(rain|raining|warm|cold|dry|windy)\b", re.I)
CALL = re.compile(r"^\W*(?:(?:please|pls|can you|could you)\s+)?(?:call|ring|phone|dial|text|"
                  r"message)\b")


# What a place is asked to have ("a hotel with ev charging"): a constraint of a family that is
# otherwise the subject (`families.SUBJECTS`, `families.HAD`).
HAVING = re.compile(r"\b(?:with|that has|that have|which has|having)\b(.*)")


def _said_otherwise(name: str, low: str) -> bool:
    """A family's words said for something else: "call jess quick" asks for no route, "warm
    enough to eat outside?" asks the weather and wants no terrace."""
    return bool((name == "fastest" and CALL.search(low))
                or (name == "outdoor_seating" and WEATHER_ASKED.search(low)))


def is_deadline(constraint: str) -> bool:
    """Is the constraint read as a deadline ("arrive home by 19:30", "2시까지 집 도착")? The
    same reading `check_constraint` checks it by, whatever the words around the time."""
    spoken = constraint.lower().replace("_", " ")
    if OPEN_BY.search(spoken):
        return False  # "breakfast before 7" is an hour the place must open by, not an arrival
    return spoken.startswith("arrive by ") or bool(DEADLINE.search(spoken)) or (
        ko_times.constraint_deadline(constraint) is not None
    )


def _spoken(constraint: str) -> str:
    """The constraint in the words the checks read ("20분 이내" is "takes at most 20 min")."""
    korean_limit = TAKING_KO.search(constraint)
    if korean_limit and ko_times.constraint_deadline(constraint) is None:
        return f"takes at most {korean_limit.group('n')} min"
    korean_hours = TAKING_KO_HOURS.search(constraint)
    if korean_hours and ko_times.constraint_deadline(constraint) is None:
        return f"takes at most {int(korean_hours.group('h')) * 60} min"
    # the same written in English ("within 30 minutes"), as the utterance's is read
    english_limit = TAKING.search(constraint)
    if english_limit and not LATER.search(constraint):
        return f"takes at most {english_limit.group('n')} min"
    korean_distance = WITHIN_KO.search(constraint)
    if korean_distance:
        return f"within {korean_distance.group('d')}"
    return constraint.lower().replace("_", " ")


def _by_a_time(spoken: str, reply: str, now_minutes: int | None) -> Checked | None:
    """An arrival by a time, or an hour the place must open by ("breakfast before 7", read
    before the deadline it would otherwise be)."""
    if spoken.startswith("arrive by "):
        return _deadline(spoken[len("arrive by "):], reply, now_minutes)
    if OPEN_BY.search(spoken):
        return open_by(spoken, reply, now_minutes) or Checked(
            Check.UNKNOWN, "no opening hour in the reply")
    deadline = DEADLINE.search(spoken)
    return _deadline(deadline.group("t"), reply, now_minutes) if deadline else None


def check_constraint(
    constraint: str, reply: str, now_minutes: int | None = None
) -> Checked:
    """Is the constraint honoured by the reply? With the reason."""
    low, spoken = reply.lower(), _spoken(constraint)
    timed = _by_a_time(spoken, reply, now_minutes)
    if timed is not None:
        return timed
    korean = ko_times.constraint_deadline(constraint)  # '7시까지 도착', '오후 3시까지'
    if korean is not None:
        return _against(korean.minute, korean.day_said, reply, now_minutes)
    measured = (open_on_day(constraint, reply) or limits.vehicle_limit(spoken, reply)
                or scaled_limit(spoken, reply) or _trip_limits(spoken, reply)
                or _measured(spoken, reply)
                or won_limit(constraint, reply) or other_limit(spoken, reply)
                or _said_over(bare_limit(spoken, reply), reply)
                or open_now(spoken, reply, now_minutes) or open_past(spoken, reply)
                or open_by(spoken, reply, now_minutes) or limits.clears(spoken, reply))
    if measured is not None:
        return measured
    if spoken.startswith("near "):
        place = spoken[5:].strip()
        if place and (place in low or content_stems(place) & content_stems(low)):
            return Checked(Check.HONOURED, f"mentions {place}")
        return Checked(Check.MISSED, f"{place} not mentioned")
    lacks = lacking(constraint, low)
    if lacks is not None:
        return lacks
    by_family = family_check(spoken, low)
    if by_family is not None:
        return by_family
    road = _road_avoided(spoken, low)
    if road is not None:
        return road
    ruled_out = thing_ruled_out(constraint, low)
    if ruled_out is not None:
        return ruled_out
    if content_stems(spoken) and content_stems(spoken) <= content_stems(low):
        return Checked(Check.HONOURED, "its words are in the reply")
    # a length with no longest named is read, only not decided
    unread = "no longest vehicle named" if limits.vehicle_length(spoken) is not None else (
        f"the judge does not recognise the constraint {constraint!r}")
    return Checked(Check.UNKNOWN, unread)


# A road ruled out by its number ("avoid the A1", "stay off the m621", "no I-90"): a route
# over it misses it, a route said to avoid it honours it; a route that names neither is no
# evidence either way.
AVOID_ROAD = re.compile(r"^\W*(?:avoid\w*|stay\w* off|keep\w* (?:me |us )?off|no|not via|without|"
                        r"skip\w*)\s+(?:the\s+)?(?P<road>[abm]\d{1,3}|i-\d{1,3}|us-?\d{1,3}|"
                        r"route \d{1,3})\W*$")
ROAD_OVER = r"\b(?:via|over|across|take|taking|using|on|onto|and)\s+(?:the\s+)?"
ROAD_AVOIDED = r"\b(?:avoid\w*|without|not via|skipping|around|off|no)\s+(?:the\s+)?"


def _road_avoided(spoken: str, low: str) -> Checked | None:
    m = AVOID_ROAD.match(spoken.strip())
    if not m:
        return None
    road = re.escape(m.group("road"))
    if re.search(ROAD_AVOIDED + road + r"\b", low):
        return Checked(Check.HONOURED, f"the reply keeps off the {m.group('road')}")
    if re.search(ROAD_OVER + road + r"\b", low):
        return Checked(Check.MISSED, f"the route goes over the {m.group('road')}")
    return Checked(Check.UNKNOWN, f"the reply does not say whether it takes the {m.group('road')}")


# The reply says openly that what it offers is over the driver's limit, or that nothing is
# within it: "1.4 km, a little further than the kilometre you asked for", "30분 안에 갈 수 있는
# 곳은 없어요", "nothing within 2 km".
OVER_LIMIT = re.compile(
    r"\b(further|farther|longer|more) than (the |your )?[^.?!]{0,30}\b(you (asked|wanted|said)|"
    r"your limit|the limit)\b|\b(no|none|nothing|nowhere)\b[^.?!]{0,40}\bwithin\b"
    # ... or over the money ("£130, over your budget I'm afraid")
    r"|\b(over|above|beyond|outside) (your|the) (budget|limit|price range|price limit)\b"
    r"|(안에|이내|안쪽|내로)[^.?!]{0,30}(없어요|없습니다|없네요|없어\b|없고)", re.I)


def _said_over(checked: Checked | None, reply: str) -> Checked | None:
    """A limit missed that the reply says it is over ("over your budget, I'm afraid")."""
    if checked is not None and checked.check is Check.MISSED:
        return _over(reply, checked.reason)
    return checked


def _over(reply: str, why: str) -> Checked:
    if OVER_LIMIT.search(reply):
        return Checked(Check.STATED, "the reply says it is over the limit")
    return Checked(Check.MISSED, why)


def _trip_limits(spoken: str, reply: str) -> Checked | None:
    """When the driver will go and how long the trip may take (`trip_times.py`)."""
    early = trip_times.starts_too_early(spoken, reply)
    if early is not None:
        return Checked(Check.MISSED if early[0] else Check.HONOURED, early[1])
    over = trip_times.takes_too_long(spoken, reply)
    if over is not None:
        return _over(reply, over[1]) if over[0] else Checked(Check.HONOURED, over[1])
    return None


def _measured(spoken: str, reply: str) -> Checked | None:
    """Limits checked against what the reply says: distance, trip duration, price, music
    genre (charger power: `_vehicle_limit`; vehicle height: `_clears`)."""
    if PRICE_LIMIT.search(spoken):
        return price_limit(spoken, reply)
    asks_cheap = spoken == "cheap" or any_match(FAMILIES["cheap"].asks, spoken)
    if asks_cheap and (cheap := cheap_prices(reply)) is not None:
        return cheap
    walk = WALK_LIMIT.search(spoken)
    if walk and (got := distances_km(reply)):
        n = walk.group("n").lower()
        walk_km = WALK_KM_PER_MINUTE * (int(n) if n.isdigit() else MINUTE_WORDS[n])
        why = f"{min(got):.1f} km vs a walk of about {walk_km:.1f} km"
        if min(got) <= walk_km * 1.25:
            return Checked(Check.HONOURED, why)
        # (a walking pace varies: only a distance twice the walk's is plainly over it)
        return _over(reply, why) if min(got) > walk_km * 2 else None
    within = WITHIN.search(spoken) or MAX_AFTER.search(spoken)
    if within:
        limit = distances_km(within.group("d"))
        got = distances_km(reply) or [WALK_KM_PER_MINUTE * int(m.group("k") or m.group("e"))
                                      for m in WALK.finditer(reply)]
        if limit and got:
            ok = min(got) <= limit[0] * 1.05
            why = f"{min(got):.1f} km vs {limit[0]:g} km"
            return Checked(Check.HONOURED, why) if ok else _over(reply, why)
        return Checked(Check.MISSED, "no distance given", absent=True)
    if spoken.startswith("takes at most "):
        most, took = int(spoken.split()[3]), durations(reply)
        if not took:
            return Checked(Check.MISSED, "no duration given", absent=True)
        if max(took) > most:
            return _over(reply, f"{max(took)} min is over {most} min")
        return Checked(Check.HONOURED, f"{max(took)} min")
    bare = GENRE.fullmatch(spoken.removesuffix(" music"))  # a constraint written "jazz"
    if spoken.startswith("genre ") or bare:
        genre = bare.group("g").lower() if bare else spoken[len("genre "):]
        if genre in reply.lower():
            return Checked(Check.HONOURED, f"plays {genre}")
        return Checked(Check.MISSED, f"no {genre} in the reply", absent=True)
    return None


def _deadline(when: str, reply: str, now: int | None) -> Checked:
    limit = minutes_of(when if re.search(r"[:a-z]", when, re.I) else f"{when}:00")
    if not limit:
        return Checked(Check.UNKNOWN, f"cannot read the deadline {when!r}")
    return _against(limit[0], bool(re.search("am", when)), reply, now)


# the deadline's hour said as a word after "after" ("20 minutes after two")
HOUR_WORDS = ("twelve", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
              "ten", "eleven")
AFTER_WORD = re.compile(r"\b\d+ ?min\w* after (?P<h>" + "|".join(HOUR_WORDS) + r")\b", re.I)


def states_late(reply: str, deadline: int) -> bool:
    """The reply says openly that the deadline (minutes) is not met ("after your 6 pm", "bit
    after 5:40, sorry", "too late", "6시보다 20분 늦게 도착합니다"); an hour said without its
    half of the day is the deadline's."""
    half_day = 12 * 60
    return any_match(LATE, reply.lower()) or any(
        deadline % half_day in {t % half_day for t in minutes_of(m.group(1))}
        for m in AFTER.finditer(reply)
    ) or any(HOUR_WORDS.index(m.group("h").lower()) == deadline % half_day // 60
             and deadline % 60 == 0 for m in AFTER_WORD.finditer(reply)
    ) or ko_times.states_late(reply, deadline)


def _against(deadline: int, morning: bool, reply: str, now: int | None) -> Checked:
    """The deadline (minutes; `morning`: its half day was said) against the reply's ETAs."""
    tonight = next_day(deadline, now) != deadline  # "by 2" at 23:20 is 2 am, not 14:00
    if deadline < 12 * 60 and now is not None and now > deadline and not morning and not tonight:
        deadline += 12 * 60  # "by 6" in the afternoon means 18:00
    if states_late(reply, deadline):
        return Checked(Check.STATED, "the reply says the deadline cannot be met")
    etas = [t for t in minutes_of(without_hours(reply), now) if t != deadline]
    deadline, etas = next_day(deadline, now), [next_day(t, now) for t in etas]
    if not etas and now is not None and durations(reply):
        etas = [now + max(durations(reply))]
    if not etas:
        return Checked(Check.MISSED, "no arrival time or duration given", absent=True)
    late = [t for t in etas if t > deadline and t - deadline < 12 * 60]
    if late:
        eta = f"{late[0] // 60:02d}:{late[0] % 60:02d}"
        return Checked(Check.MISSED, f"ETA {eta} is after the deadline", late=True)
    return Checked(Check.HONOURED, "arrival before the deadline")
