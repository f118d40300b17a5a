"""Does the reply answer the request? The evidence, with its kind: rules decide what is exact,
sentence embeddings decide only where wording varies and rules found nothing, and the small
learned model (`learned.py`) only where the similarity alone cannot tell."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from icatest.judges.rules import acts, asking, context, semantic
from icatest.judges.rules import learned as answer_model
from icatest.judges.rules.context import mentions_subject
from icatest.judges.rules.korean import is_korean
from icatest.judges.rules.offered import kind_instead
from icatest.judges.rules.requests import ANSWER_WORDS, RequestKind, answer_evidence, goes
from icatest.judges.rules.text import (
    NUMBER,
    any_match,
    content_stems,
    durations,
    names,
    new_content,
    new_names,
    sentences,
    stem,
)
from icatest.judges.rules.turn import Request, TurnInput

# Cosine similarity of reply and request (MiniLM): above ANSWERS the reply is about the request,
# below OFF_TOPIC it is not; in between the judge abstains. Set on development data only.
ANSWERS, OFF_TOPIC = 0.55, 0.25
# Below this the reply is about something else by any reading; between it and OFF_TOPIC a hedge
# ("that depends on the altitude") reads as off topic too, so the judge abstains there.
CLEARLY_OFF_TOPIC = 0.15


class Evidence(StrEnum):
    """Where an answer's evidence came from: plain evidence (rules) or soft (models)."""

    NOTHING_LEFT = "nothing_left"  # only a question about another destination
    NOT_SENT = "not_sent"  # a message asked for, and none sent
    INSTEAD = "instead"  # another kind of place, or another named place
    NAMES_SUBJECT = "names_subject"
    RULE = "rule"  # an address, a distance, a route summary, the kind's answer words
    ADDS = "adds"  # speaks of the request's words and adds to them
    SIMILARITY = "similarity"
    LEARNED = "learned"
    NO_MODEL = "no_model"

    @property
    def plain(self) -> bool:
        return self in PLAIN


PLAIN = frozenset({Evidence.NOTHING_LEFT, Evidence.NOT_SENT, Evidence.INSTEAD,
                   Evidence.NAMES_SUBJECT, Evidence.RULE, Evidence.ADDS})


@dataclass(frozen=True)
class Answer:
    answered: bool | None  # None: cannot tell
    evidence: Evidence
    why: str


def answered(req: Request, kind: RequestKind, turn: TurnInput) -> Answer:
    reply = asking.without_procedure(turn.reply)
    if not reply:
        return Answer(False, Evidence.NOTHING_LEFT, "only asks how to go on with another place")
    instead = kind_instead(req, kind, turn, reply) or topic_instead(req.description, reply)
    if instead:
        return Answer(False, Evidence.INSTEAD, instead)
    if kind is RequestKind.MEDIA and _music_for_talk(req.description, reply):
        return Answer(False, Evidence.INSTEAD, "plays music instead of the spoken programme asked")
    unsent = _not_sent(req, turn, reply)
    if unsent:
        return Answer(False, Evidence.NOT_SENT, unsent)
    if mentions_subject(req, reply):
        return Answer(True, Evidence.NAMES_SUBJECT, "names what was asked for")
    # what the driver said, and where the car is: naming the context's own place finds nothing
    known = (turn.user, req.description, *turn.history_users, turn.situation.location)
    evidence = answer_evidence(kind, reply, *known)
    alone = len(turn.requests) < 2  # else the utterance holds the other requests too
    elsewhere = another_place(req, reply, known) if evidence and alone else ""
    if elsewhere:
        return Answer(False, Evidence.INSTEAD, elsewhere)
    if evidence and not _stray_name(req, kind, reply, evidence, alone, turn):
        return Answer(True, Evidence.RULE, evidence)
    if (acts.confirms_action(reply) and (_answers_question(turn) or confirmed_object(req, reply))
            or acts.calls_as_asked(reply, turn.user)):
        # "GPS set." to "Set GPS for the quickest route"; "I have that all set" to "at 3 pm",
        # the driver's answer to the assistant's question; "calling now." to "call her back"
        return Answer(True, Evidence.RULE, "confirms the action asked for")
    if SHOWN.search(reply):
        return Answer(True, Evidence.RULE, "puts the answer on the screen")
    own = _own_answer(req, turn, reply) if alone else None
    if own is not None:
        return own
    shared = content_stems(req.description) & content_stems(reply)
    if shared and new_content(reply, turn.user, req.description):
        return Answer(True, Evidence.ADDS, f"speaks of {sorted(shared)[0]!r} and adds to it")
    return _soft(req, turn, reply, alone)


# The answer shown rather than said ("list is on your screen", "화면에 목록을 띄워 드렸어요"):
# whether that is safe while moving is for `eyes_off_road`.
SHOWN = re.compile(r"\b(list|results?|options|details|them|those)\b[^.?!]{0,20}\bon (your|the) "
                   r"(screen|display)\b|화면에 [^.?!]*(띄워|띄웠|표시)", re.I)


# Requests any content answers: a fun fact, a joke, a story (similarity says nothing there).
OPEN_ENDED = re.compile(r"\b(fact|joke|story|trivia|riddle|poem|something (fun|interesting|"
                        r"funny)|surprise me|entertain|"
                        # ... or what to do, open to any idea ("anything to do before we eat?")
                        r"anything (to do|worth (doing|seeing))|any ideas|ideas for|what (should|"
                        r"can|could|shall) we do)\b|농담|이야기|재미있는", re.I)


def _own_answer(req: Request, turn: TurnInput, reply: str) -> Answer | None:
    """A reply of its own words that answers all the same: content for an open request (a
    joke, a fact, a story), or a side taken first on a yes/no question ("yes, for motorways.")."""
    fresh = new_content(reply, turn.user, req.description)
    if OPEN_ENDED.search(turn.user) and not acts.only_questions(reply) and len(fresh) >= 3:
        return Answer(True, Evidence.ADDS, "gives content of its own to an open request")
    if acts.side_first(reply, turn.user) and fresh:
        return Answer(True, Evidence.RULE, "takes a side on the yes/no question, then explains")
    return None


def _stray_name(req: Request, kind: RequestKind, reply: str, evidence: str, alone: bool,
                turn: TurnInput) -> bool:
    """A name alone answers a question of no known kind only when the reply is about the
    request at all: "a road trip to the Swiss Alps" to "What's on my calendar?" and
    "Karl-Adolf von der Hagen" to "Call Anna" name something, but nothing asked for."""
    if kind not in (RequestKind.INFO, RequestKind.OTHER, RequestKind.SCHEDULE):
        return False
    if not evidence.startswith("gives specific") or OPEN_ENDED.search(turn.user):
        return False
    if NUMBER.search(reply):
        return False  # an address, a distance, a time: an answer of some request in any words
    if content_stems(" ".join((req.description, turn.user))) & content_stems(reply):
        return False
    sources = [req.description, turn.user] if alone else [req.description]
    sim = semantic.best_similarity(reply, sources)
    return sim is not None and sim <= CLEARLY_OFF_TOPIC


def _answers_question(turn: TurnInput) -> bool:
    """The driver's utterance answers the question of the assistant's last reply."""
    return bool(turn.history_replies) and turn.history_replies[-1].rstrip().endswith("?")


def confirmed_object(req: Request, reply: str) -> bool:
    """The reply's confirmation names a thing the request names ('GPS set', 'Seat heating on')."""
    return bool(content_stems(req.description) & content_stems(reply))


APOLOGY = re.compile(r"\b(sorry|apologi\w*|afraid|unfortunately)\b|🙏|죄송|미안", re.I)
# words of the apology and its moment, which say nothing of their own
APOLOGY_WORDS = frozenset(stem(w) for w in """sorry apologies apologise apologize afraid
    unfortunately today now moment right time bit little""".split())
# a reply says something of its own with a figure, a name or this many new words
SOMETHING_SAID = 4


def _says_something(reply: str, sources: list[str]) -> bool:
    return bool(NUMBER.search(reply) or new_names(reply, *sources)
                or len(new_content(reply, *sources) - APOLOGY_WORDS) >= SOMETHING_SAID)


def _soft(req: Request, turn: TurnInput, reply: str, alone: bool) -> Answer:
    sources = [req.description, turn.user] if alone else [req.description]
    if is_korean(reply) and not any(is_korean(s) for s in sources):
        # the sentence model reads English: a Korean reply and a request written in English
        # are far apart whatever the reply says, so their similarity is no evidence
        why = "Korean reply, request in English: no similarity to read, no plain evidence"
        return Answer(None, Evidence.SIMILARITY, why)
    sim = semantic.best_similarity(reply, sources)
    if sim is None:
        why = "no rule applies and no embedding model is installed"
        return Answer(None, Evidence.NO_MODEL, why)
    if sim >= ANSWERS:
        return Answer(True, Evidence.SIMILARITY, f"about the request (similarity {sim:.2f})")
    if sim <= CLEARLY_OFF_TOPIC and APOLOGY.search(reply) and not _says_something(reply, sources):
        # far from the request, an apology and nothing else ("Ah, sorry, I'm stuck on that one
        # for now! 🙏"): a fallback in words no rule knows, not another answer
        why = f"an apology far from the request (similarity {sim:.2f}), nothing of its own"
        return Answer(None, Evidence.SIMILARITY, why)
    if sim <= CLEARLY_OFF_TOPIC:
        return Answer(False, Evidence.SIMILARITY, f"request not addressed (similarity {sim:.2f})")
    if sim <= OFF_TOPIC:  # off topic by wording, but no plain evidence: a label needs more
        why = f"the reply seems not to address it (similarity {sim:.2f}), no plain evidence"
        return Answer(None, Evidence.SIMILARITY, why)
    user = turn.user if alone else req.description
    pair = answer_model.Pair(req.description, reply, user, req.kind, turn.history_users)
    learned, p = answer_model.answers(pair)
    if learned is not None:
        verb = "answers" if learned else "does not answer"
        return Answer(learned, Evidence.LEARNED, f"{verb} the request (learned model, P {p:.2f})")
    odds = "" if p is None else f", learned P(answers) {p:.2f}"
    why = f"cannot tell whether the reply answers it (similarity {sim:.2f}{odds})"
    return Answer(None, Evidence.SIMILARITY, why)


def another_place(req: Request, reply: str, known: tuple[str, ...]) -> str:
    """A request to be taken to one named place answered only with another named place ('Take
    me to Winzerer Biergarten' -> 'Holzforschung München is nearby'), no route and no word of
    the name asked for: offered instead. With other requests in the utterance the name may be
    theirs; which request the reply left out is then for `attribution` to say."""
    dest = req.slot("destination")  # a slot is the name itself ("Freising"), not a sentence
    asked = {dest.lower()} if dest else names(req.description)
    if len(asked) != 1 or not goes(req.description) or acts.confirms_action(reply):
        return ""  # "Displaying GPS now" starts the route
    fresh = sorted(new_names(reply, *known))
    if not fresh:
        return ""
    low = reply.lower()
    said = " ".join(s for s in sentences(low) if not s.endswith("?"))  # not "Want directions?"
    words = {w for n in asked for w in n.split() if len(w) >= 3}
    route = durations(reply) or any_match(ANSWER_WORDS[RequestKind.NAVIGATE], said)
    if route or any(w in low for w in words):
        return ""
    return f"{fresh[0]!r} instead of {next(iter(asked))!r}"


# A spoken programme asked for (a podcast, an audiobook, the news) and a song played instead
# ("Now playing 'Sevilla tiene un color especial' by Los del Río!").
SPOKEN = (r"\b(podcasts?|episodes?|audio ?books?|news|talk shows?|radio plays?|interviews?)\b"
          r"|팟캐스트|오디오북|뉴스",)
MUSIC = (r"\b(songs?|tracks?|albums?|music|playlists?|singles?)\b|노래|음악",
         r"\bplaying\b[^.!?]*\bby [A-Z]")


def _music_for_talk(description: str, reply: str) -> bool:
    if not any_match(SPOKEN, description.lower()) or any_match(SPOKEN, reply.lower()):
        return False
    return any_match(MUSIC[:1], reply.lower()) or any_match(MUSIC[1:], reply)


# A request to send a message ("Text the arrival time to her husband", "문자로 보내 줘") ...
SENDS = re.compile(r"^\W*(?:please\s+)?(?:text|message|sms|whatsapp|e-?mail)\s+(?!me\b)\w"
                   r"|\bsend (?:a |an |the )?(?:text|message|sms|e-?mail)\b"
                   r"|(?:문자|메시지|카톡)(?:로|를)? ?(?:보내|전송)", re.I)
# ... is answered by the message sent, about to be or drafted ("Sent!", "I'll text her", "I've
# started a message to Tomasz", "보냈어요")
SENT = re.compile(r"\b(?:sent|texted|messaged|e-?mailed|sending|i'?ll (?:send|text|message)|"
                  r"shall i send|send it)\b"
                  r"|\b(?:started|opened|drafted|prepared|written)\b[^.]{0,20}\b(?:message|text)\b"
                  r"|보냈|보낼게|보내 ?드릴|보내 ?드렸|전송(?:했|할게|해 ?드릴)", re.I)


# A reminder or an alarm asked for ("remind me to call at five", "set an alarm for 6:30"; not
# "remind me of the time of the dinner" or "remind me what she said": those ask to be told) ...
REMINDS = re.compile(r"\bremind (?:me|us)\b(?! (?:of|what|when|where|which|who|how|whether|if)\b)"
                     r"|\bset (?:a|an|the|my) (?:reminder|alarm|timer)\b"
                     r"|(?:알림|알람)(?:을|를)? ?(?:설정|맞춰|해 ?줘|해 ?주세요)", re.I)
# ... is answered by the reminder set, about to be or offered, or the event put in the calendar
# ("I'll remind you at 17:00", "reminder set", "scheduling the yoga class", "알람 맞췄어요")
REMINDED = re.compile(r"\b(?:remind\w*|reminder|alarm|timer|schedul\w*|calendar|"
                      r"i'?ll (?:let you know|tell you|ping "
                      r"you|nudge you))\b|알림|알람|알려 ?(?:드릴게|드리겠|줄게)", re.I)


def _not_sent(req: Request, turn: TurnInput, reply: str) -> str:
    """A message to send or a reminder to set, and the reply's own words do neither ("text the
    arrival time to her husband" answered by a route summary; "remind me to call the garage at
    17:00" by the mall's hours)."""
    own = context.own_text(req, turn) or reply
    if SENDS.search(req.description) and not SENT.search(own):
        return "sends no message"
    if REMINDS.search(req.description) and not REMINDED.search(own):
        return "sets no reminder"
    return ""


# What a driver asks about that a reply may answer with the other ("How's traffic on the A1?"
# answered with the weather): each topic's words, in the request and in the reply.
TOPICS: dict[str, tuple[str, str]] = {
    "traffic": (r"\b(traffic|congestion|jams?|tailbacks?|delays?|hold-?ups?)\b|교통|정체|막히|"
                r"막혀",
                r"\b(traffic|congest\w*|jams?|tailbacks?|delays?|queues?|slow\w*|clear|flowing|"
                r"moving|accidents?|roadworks|closures?|closed|road ?blocks?|min(ute)?s?)\b|교통|"
                r"정체|막히|막혀|"
                r"원활|소통"),
    "weather": (r"\b(weather|forecast|rain\w*|snow\w*|temperature)\b|날씨|기온|비 (와|오)|"
                r"눈 (와|오)",
                r"\b(weather|forecast|sun\w*|cloud\w*|showers?|rain\w*|snow\w*|temperature|degrees|"
                r"wind\w*|storm\w*|thunder\w*|dry|drizzle|fog\w*|mist\w*|hail|frost\w*|gusts?|"
                r"humid\w*)\b|°|날씨|기온|맑|흐리|비가|눈이|소나기|안개"),
}


IN_THE_WEATHER = re.compile(r"\b(in|with) (this|the|all this) (rain|snow|weather|wind|fog|storm)\b")
# A question, not a command that mentions the topic ("close the sunroof, it's starting to rain")
ASKS = re.compile(r"\?\s*$|^\W*(how|what|is|are|will|any|whats|hows|what'?s|how'?s|tell me|check)\b"
                  r"|어때|어떤가|어떻|나요\W*$|까요?\W*$", re.I)


def topic_instead(request: str, reply: str) -> str | None:
    """The request asks of one topic only, and the reply speaks only of another: that one."""
    low, said = request.lower(), reply.lower()
    if not ASKS.search(low):
        return None
    # the weather the question is asked in is no topic of it ("is the road OK in this rain?")
    low = IN_THE_WEATHER.sub(" ", low)
    asked = [t for t, (asks, _) in TOPICS.items() if re.search(asks, low)]
    if len(asked) != 1 or re.search(TOPICS[asked[0]][1], said):
        return None
    spoken = [t for t, (_, speaks) in TOPICS.items() if t not in asked and re.search(speaks, said)]
    return f"answers about the {spoken[0]} instead of the {asked[0]}" if spoken else None
