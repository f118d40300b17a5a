"""How a reply lays out a plan: how many steps it has (list items, sequence words, a stop
and its arrival a sentence each) and whether it lays one out at all. `plans.py` holds them
against the stops the driver asked for."""

from __future__ import annotations

import re

from icatest.judges.rules.errands import HANGUL_WORD, is_place
from icatest.judges.rules.text import distances_km, minutes_of, names, sentences

# How a reply lays out a plan's steps on one line: "First A, then B, and finally C".
STEP = re.compile(r"\b(?:then|finally|after that|followed by|next)\b|→|->|들렀다가|갔다가|거쳐서?|"
                  r"그 ?다음|거기서|거기에서|그곳에서", re.I)  # "고현시장까지 5분, 거기서 옥포까지"


def reply_steps(reply: str) -> int:
    """How many steps the reply's plan has: its list items (one a line once markup is gone,
    a heading ending in ':' not counted), or the steps its sequence words join."""
    lines = [ln for ln in reply.splitlines() if _step_line(ln)]
    in_words = max((1 + len(STEP.findall(ln)) for ln in reply.splitlines()), default=0)
    # a terse reply of nothing but its steps, a stop and its arrival a sentence each ("shell at
    # exit 234, 6:20. dutch bros on alameda, 6:35.")
    said = sentences(reply)
    timed = len(said) > 1 and "\n" not in reply.strip() and all(
        minutes_of(t) and not SUMMARY_LINE.match(t) for t in said)
    return max(len(lines) if len(lines) > 1 else 0, in_words, len(said) if timed else 0)


# A reply that finds a stop, sets a route or gives arrivals begins a plan, even in one step;
# one that only talks of a kind of place ("The zoo is a place where...") or asks back does not.
ROUTE_ACT = re.compile(r"\b(?:rout(?:e|ed|ing)|navigat\w*|head(?:ing)? (?:to|for)|stop(?:ping)? at|"
                       r"arriv\w*|eta|drive|driving|guid\w*|found|is at|located)\b"
                       r"|안내|경로|도착|출발|들를게|갈게|찾았", re.I)


def lays_out(reply: str, steps: int) -> bool:
    """Whether the reply lays out a plan at all: two steps or more, two clock times (arrivals
    along the way), a stop found or a route set."""
    return steps >= 2 or len(minutes_of(reply)) >= 2 or bool(ROUTE_ACT.search(reply))


# A plan's title, its heading's marks gone ("Your Val d'Orcia evening"), and a summary line
# after the steps ("ETA at the airport 17:25", "Total: 40 min"): no step.
TITLE_LINE = re.compile(r"^\W*(your|our) [^\d.!?:]{0,40}\b(day|evening|morning|afternoon|night|"
                        r"plan|trip|route|itinerary|loop|tour|drive)\W*$", re.I)
SUMMARY_LINE = re.compile(r"^\W*(eta|total|overall|in total|all in|arrival|you'?ll arrive)\b", re.I)


def _step_line(line: str) -> bool:
    """A line that can be a step: it names a place, not 'Here's your plan:' or 'No problem!'."""
    line = line.strip()
    if (not line or line.endswith((":", "?")) or SUMMARY_LINE.match(line) or line.startswith("#")
            or TITLE_LINE.match(line)):
        return False  # a markdown heading ('### Your Izu coast day') is no step
    return bool(names(line) or is_place(line) or _korean_step(line))


# A Korean list item: a label before ':' or a dash ('중문 숙소: 낮 12시 45분', '전주역 – 15분'),
# a place said by its last syllable ('…역', '…곶', '…광장'), or a short line with a time or a
# distance; not a heading ('오늘 일정이에요'), nor a closing sentence ('5시 전에 충분히 도착해요!',
# '오후 3시 전에 여유 있게 도착하실 수 있을 것 같습니다').
KO_ITEM = re.compile(r"^[^:]{1,40}:|\s[–—-]\s")
KO_STEP_PLACE = re.compile(r"[가-힣](역|곶|광장|공원|항|해변|시장|터미널|센터|점|집|장)"
                           r"(?=[\s:,.!?]|$|[에로으을를은는이가])")
KO_SENTENCE_END = re.compile(r"(요|다|죠)\W*$")


def _korean_step(line: str) -> bool:
    if not HANGUL_WORD.search(line):
        return False
    if KO_ITEM.search(line) or KO_STEP_PLACE.search(line):
        return True
    if KO_SENTENCE_END.search(line):
        return False
    return bool(minutes_of(line) or distances_km(line)) and len(line.split()) <= 5
