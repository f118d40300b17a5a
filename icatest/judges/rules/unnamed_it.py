"""The rubric's second case of ambiguity (and its third, when one reading is unsafe while
moving): "turn it off", "open that", "그거 꺼 줘" with nothing named in the utterance or the
last exchange that "it" could be, and a reply that sets one thing without asking."""

from __future__ import annotations

import re
from dataclasses import replace

from icatest.judges.rules.ambiguity import ACTS, acted_on, acts_on_one
from icatest.judges.rules.text import sentences, words
from icatest.judges.rules.turn import TurnInput
from icatest.judges.rules.turn_rules import Judging
from icatest.judges.rules.verdicts import Cause, Outcome, decided

# "Turn it off", "open that", "그거 꺼 줘": a setting whose object is only a pronoun.
BARE_OBJECT = re.compile(
    r"\b(turn|switch|shut|put|set|open|close|raise|lower|mute|silence)\s+(it|that|this)\b"
    r"|\b(it|that) (off|on|up|down)\b"
    # "open the back": the rear windows or the tailgate, which the driver does not say
    r"|\bopen (up )?the (back|rear)\b(?! (\w+ )?(windows?|doors?|seats?|boot|trunk|hatch|tailgate))"
    r"|^\s*(그거|그것|저거|이거)\s*(좀\s*)?(꺼|켜|열어|닫아|올려|내려|줄여|낮춰|높여|키워)"
    # "뒤쪽 좀 열어 줘": the rear windows or the boot, as "open the back"
    r"|^\s*(뒤|뒤쪽|뒷쪽)(을|를|도)?\s*(좀\s*)?열어",
    re.I,
)
# A system named by its kind alone ("turn the assist off"): lane, hill-start, brake or traction
# assist, which the driver does not say.
GENERIC_SYSTEM = re.compile(r"\b(turn|switch|shut)\s+(off\s+)?the\s+(assist|assistance|assistant "
                            r"system)\b(?!\s+(system|for)\b)", re.I)
# What "it" could be: a thing of the car named in the talk or the reply.
DEVICES = re.compile(
    r"\b(radio|music|song|podcast|volume|a/?c|air ?con\w*|climate|heat\w*|fan|temperature|"
    r"window|sunroof|roof|door|trunk|boot|tailgate|lights?|headlights?|wipers?|seat|"
    r"mirror|navigation|route|assist\w*|lane\w*|cruise control|camera|alarm|warning|display|"
    r"screen|phone|call|defrost\w*|esp|stability control|traction control|brak\w*|collision|"
    r"chimes?|alerts?|reminders?|sensors?|hazards?|horn|engine)\b"
    r"|라디오|음악|노래|볼륨|에어컨|히터|온도|창문|썬루프|선루프|문|트렁크|라이트|조명|와이퍼|시트|"
    r"열선|내비|경고|카메라|화면",
    re.I,
)


BARE_WORDS = 4
# things of the car the reply sets several of at once ("I've lowered the rear windows")
SEVERAL_DEVICES = re.compile(r"\b(windows|doors|seats|mirrors|wipers)\b", re.I)


def it_unnamed(turn: TurnInput) -> bool:
    """"Turn it off" with nothing named that "it" could be: not in the utterance, nor in the
    last exchange."""
    generic = GENERIC_SYSTEM.search(turn.user)
    if generic:  # "the assist" names none of the car's assists
        if DEVICES.search(GENERIC_SYSTEM.sub(" ", turn.user)):
            return False
    elif not BARE_OBJECT.search(turn.user) or DEVICES.search(turn.user):
        return False
    if turn.history_users and DEVICES.search(turn.history_users[-1]):
        return False
    return not (turn.history_replies and DEVICES.search(turn.history_replies[-1]))


def conflicting_reading(turn: TurnInput) -> str | None:
    """"Turn it off" with nothing named that "it" could be, and the reply sets one thing
    without asking: the thing it chose."""
    if not it_unnamed(turn) or not acts_on_one(turn.reply, turn.user):
        return None
    found = DEVICES.search(turn.reply) or SEVERAL_DEVICES.search(turn.reply)
    if found:
        return f"the {found.group(0)}"
    # a bare confirmation ("Switched off.", "껐어요.", "네, 열어 드렸어요! 시원한 바람 느껴
    # 보세요."): the sentence that acts sets one thing and does not say which
    bare = [s for s in sentences(turn.reply) if ACTS.search(s) and len(words(s)) <= BARE_WORDS]
    return "something it does not name" if bare or len(words(turn.reply)) <= BARE_WORDS else None


def conflicting_readings(turn: TurnInput, j: Judging) -> Judging:
    """Acted on one reading of an unnamed "it": unresolved. Asked which, acting on none
    ("뭘 켤까? 열선, 에어컨, 라디오 중에 말해 줘."): a clarifying question, the request open."""
    v = j.verdicts[0] if j.verdicts else None
    if (v is not None and len(turn.requests) == 1 and not turn.requests[0].simulated
            and v.outcome is Outcome.COMPLETED and not v.labels and "?" in turn.reply
            and not acts_on_one(turn.reply, turn.user) and it_unnamed(turn)):
        why = "nothing named that 'it' could be; the reply asks which is meant"
        return replace(j, verdicts=(decided(Outcome.OPEN, Cause.ASKS, "conflicting_readings",
                                            why), *j.verdicts[1:]))
    chosen = conflicting_reading(turn)
    why = f"nothing named that 'it' could be; the reply sets {chosen}"
    return acted_on(turn, j, "conflicting_readings", why if chosen else None)
