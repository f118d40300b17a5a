"""A route asked to "the" place of a kind ("take us to the ski rental", "해수욕장으로 가 줘")
that the reply itself says several places fit, and goes to one with no default that goes
without saying (`ambiguity.py` reads the readings of earlier replies, `ambiguity_words.py` the
driver's own words)."""

from __future__ import annotations

import re

from icatest.judges.rules.ambiguity import PICKS, acted_on, acts_on_one
from icatest.judges.rules.ambiguity_words import COUNTED_KO, COUNTED_KO_LATER
from icatest.judges.rules.korean import is_korean, without_particles
from icatest.judges.rules.text import STOP, durations, new_names, sentences, words
from icatest.judges.rules.turn import TurnInput
from icatest.judges.rules.turn_rules import Judging

# A route asked to "the" one of a kind ("take us to the ski rental", "navigate to the salt
# hotel", "해수욕장으로 가 줘"), not a search for any one of it ("find a pharmacy").
GO_TO_THE = re.compile(r"\b(take|bring|get|drive) (me|us)( over| down| up| out| back)? to the\b"
                       r"|\b(navigate|go|head|drive|"
                       r"route( me| us)?|directions) to the\b"
                       # the one found for the driver ("find the lobster supper")
                       r"|^\W*find( me| us)? the\b|^\W*[가-힣]{2,} (가 ?줘|가자|가 ?주세요)\W*$"
                       r"|(으로|로) ?(다시 )?(가 ?줘|가자|"
                       r"가 ?주세요|안내해 ?줘|안내해 ?주세요|데려다 ?줘)", re.I)
# A default that goes without saying: the closest, the first, the one on the way.
FAIR_DEFAULT = re.compile(r"\b(closest|nearest)\b(?! (to )?(the|its|a|an) )"
                          # ("the one nearest the water" is near something else: no default)
                          r"|\b(quickest|fastest|first|on (the|your|"
                          r"our) way(?! to\b)|on route|best[- ]rated|highest[- ]rated)\b"
                          # closer to the driver, not to something else ("Kalkan's is closer
                          # to the restaurants": a reason, no default)
                          r"|\b(closer|nearer)\b(?! to (the|its|a|an) )"
                          # "가까운 절 중에" is among the nearby ones, no default
                          r"|(가장|제일) 가까운|가까운(?! [가-힣]+ 중에)|가까워|가는 길", re.I)


# The reply's own choice of one, said as such ("went with the one by the station").
CHOSE = re.compile(r"\b(went|gone|going) with\b|\b(picked|chose|chosen|selected|opted for)\b", re.I)

def counted_kind(turn: TurnInput) -> str | None:
    """A route asked to "the" place of a kind, and the reply saying that several of that kind
    are there and going to one with no default that goes without saying ("There are several
    salt hotels around Colchani, so I've picked the Palacio de Sal", "two rentals in the
    village, went with the one by the station", "해수욕장이 두 곳이라 십리포로 안내할게요"): the
    sentence that counts them."""
    chose = CHOSE.search(turn.reply) is not None and "?" not in turn.reply
    # "the one we passed" picks none when the reply says another was passed too
    picks = PICKS.search(turn.user) and not BACK_THEN.search(turn.user)
    # the terse operator goes by naming the place and the drive ("ieud deal church, 35 min.")
    said_first = sentences(turn.reply)[:1]
    drives = "?" not in turn.reply and bool(said_first) and bool(durations(said_first[0]))
    if (not GO_TO_THE.search(turn.user) or picks
            or not (chose or drives or acts_on_one(turn.reply, turn.user))):
        return None
    kinds = {w for w in words(turn.user) if w not in STOP and len(w) > 2}
    kinds |= {without_particles(w) for w in kinds if is_korean(w)}
    # a kind whose particle the reader keeps ("전망대로")
    kinds |= {re.sub(r"(으로|로)$", "", w) for w in kinds if is_korean(w)}
    said = sentences(turn.reply)
    found = next((s.strip() for s in said if _says_several(s, kinds, turn)), None)
    # the default is the reply's reason for its pick: the others said to be nearer are none
    # ("la ruleta and san josé are nearer if you meant one of those"), and the one the driver
    # passed earlier is a particular one, no default picks it ("아까 지나온 정자")
    if found is None or BACK_THEN.search(turn.user):
        return found
    if any(FAIR_DEFAULT.search(s) for s in said if s.strip() != found):
        return None
    return None if FAIR_DEFAULT.search(found) and not OTHERS_NEARER.search(found) else found


# The driver means one passed or seen earlier ("the one we passed", "아까 지나온 정자")
BACK_THEN = re.compile(r"아까|지나온|지나왔던|들렀던|\b(we passed|we drove past|we stopped at|"
                       r"we saw earlier|from earlier)\b", re.I)


# The others said to be the nearer ones, the driver's reading left open ("… are nearer if you
# meant one of those")
OTHERS_NEARER = re.compile(r"\b(are|is) (closer|nearer)\b[^.?!]*\bif you meant\b"
                           r"|\b(is|are|'s) (closer|nearer),? but\b", re.I)


def _says_several(s: str, kinds: set[str], turn: TurnInput) -> bool:
    """The sentence says that several places fit the driver's kind."""
    ko = COUNTED_KO.search(s) or COUNTED_KO_LATER.search(s)
    if ko and ko.group("name") in kinds:
        return True
    among = KO_AMONG.search(s)  # "가까운 절 중에 보림사로 모실게요"
    if among and among.group("kind") in kinds:
        return True
    if KO_PAIR.search(s) and acts_on_one(turn.reply, turn.user):
        return True  # "근처에 선암사와 송광사가 있는데 송광사로 안내할게요"
    if any(_another_of_kind(s, w) for w in kinds) or ALSO_THERE.search(s):
        return True
    if OTHERS.search(s) or _others_near(s, turn):
        return True
    # another of the kind gone to, said to be elsewhere too ("고산리 쪽에도 체험장이 하나 있어요")
    also = KO_ALSO_KIND.search(s)
    first = sentences(turn.reply)[0] if turn.reply.strip() else ""
    if also and also.group("kind") in first and s.strip() != first.strip():
        return True
    return any(_counted_kind(s, w) for w in kinds if not is_korean(w))


# Others of the kind said to be there with no name of their kind ("There are several others on
# this stretch too"), or the driver's reading left open ("if you meant one of those")
OTHERS = re.compile(r"\b(several|a few|many|two|three|some|plenty of|lots of) others\b"
                    r"|\b(is|'s) the other one\b"
                    r"|\bif you meant (one of (those|them|these)|either|the other|another|that one|"
                    r"it)\b"
                    # ... or the one gone to said to be one of them ("it's one of several on the
                    # island")
                    r"|\bone of (several|many|a few|two|three|four)\b"
                    # ... or another looked up earlier too ("'강변 펜션'도 같이 찾아보셨어요")
                    r"|['’]?도 (같이 |함께 )?(찾아보|검색해 ?보|보셨)"
                    # ... or set beside the better-known one ("quieter than the famous one")
                    r"|\b(than|not) the (famous|main|well-known|better-known|popular|busier|usual|"
                    r"other) one\b"
                    # ... or the one gone to told from another by a comparison ("the older one
                    # up the hill")
                    r"|\bthe (older|newer|bigger|smaller|larger|upper|lower|busier|quieter) one\b"
                    # ... or passed too ("합강정도 지나오셨는데")
                    r"|[가-힣]+도 (지나오|지나왔|들르셨|들렀)"
                    # ... or the others left ("the other two will have to wait"), said to put in
                    # too ("… put in too"), or named as nearer and passed over ("Cavalleria is
                    # nearer, but …"); those that have one too are `ALSO_THERE`'s
                    r"|\bthe other (two|three|four|ones)\b|\bput in too\b"
                    r"|\b(is|are|'s) (closer|nearer),? but\b", re.I)
# Others named and said to be there too, near the one gone to ("uttakleiv is right next to it
# too", "chard farm and gibbston valley are out this way too"): what the sentence opens with
NEAR_TOO = re.compile(r"^\W*(?P<subject>[^.?!,;:]{2,60}?) (is|are) [^.?!]{0,30}?\b(next to|near|"
                      r"nearby|close by|out this way|this way|around here|on this (stretch|road)|"
                      r"(up|over|out|down) there|across town|in town|downtown|(off )?the other way|"
                      r"on the other side|at the other end|"
                      r"in the area|down the road|up the road|along (the|this))\b[^.?!]*"
                      r"\b(too|as well)(\W*$|,)", re.I)
# ... a subject that is no other place: the one gone to, its parts, the driver, the way
NOT_ANOTHER = re.compile(r"^(the|a|an|it|its|this|that|there|here|parking|toilets?|you|we|i|"
                         r"they|their|our|your|traffic|the road)\b", re.I)


# ... or said to be close as well, or there too, "also" before it ("South Beach and Shell Cove
# are also close", "the flea market by the river is on today as well")
ALSO_NEAR = re.compile(r"^\W*(?P<subject>[^.?!,;:]{2,60}?) (is|are) also (close|near|nearby|"
                       r"around|close by|an option|options|on this road|open|on)\b", re.I)
THE_OTHER_TOO = re.compile(r"^\W*(?P<subject>the [\w'’-]+ [\w'’-]+)\b[^.?!]{0,30}? (is|are) "
                           r"[^.?!]{0,40}\b(too|as well)\W*$", re.I)


def _others_near(s: str, turn: TurnInput) -> bool:
    """Another named place said to be near too, in a sentence after the one that goes."""
    said = sentences(turn.reply)
    m = NEAR_TOO.search(s) or ALSO_NEAR.search(s) or THE_OTHER_TOO.search(s)
    if m is None or not said or s.strip() == said[0].strip():
        return False
    subject = m.group("subject").strip()
    # its own words, not the driver's kind ("mill creek falls" beside "ricketts falls"), not
    # all of them the place gone to
    own = set(words(subject)) - set(words(turn.user))
    # "the train station is across town too" after "take me to the station": another of it
    said_as = words(subject)
    other_of_kind = (len(said_as) == 3 and said_as[0] == "the" and said_as[2] in words(turn.user)
                     and said_as[1] not in words(turn.user))
    return ((not NOT_ANOTHER.search(subject) or other_of_kind) and bool(own)
            and not own <= set(words(said[0])))


# Others that fit said to be there too, whatever their kind is called ("The Wild Gorge runs
# boats too", "'서신 수산 횟집'도 기록에 있어요", "'집(서울)'도 저장되어 있습니다"); "if you meant
# Paine Field instead, just say so" offers another reading beside a fair default
ALSO_THERE = re.compile(r"\b(runs?|has|have|offers?|rents?|hires?|does) [^.?!]{0,30}"
                        r"\b(too|as well)\b|['’]?[가-힣)]+['’]?도 ((기록에 |목록에 |"
                        r"(근처|주변|옆|가까이|바로 옆)에 )?"
                        r"(있어요|있습니다|저장되어 있|등록되어 있)"
                        # ... or said to be near as well ("울기등대도 가깝습니다")
                        r"|가깝습니다|가까워요|가까워)", re.I)
# The one gone to picked among those of the kind ("가까운 절 중에 보림사로")
KO_AMONG = re.compile(r"(?P<kind>[가-힣]{1,}) 중(?:에서|에)? [가-힣]+(?:으로|로) ")
# Another of a kind said to be somewhere else too ("고산리 쪽에도 체험장이 하나 있어요")
KO_ALSO_KIND = re.compile(r"[가-힣]+ ?(?:쪽|근처|주변|옆|앞|가까이|부근)?에도 "
                          r"(?P<kind>[가-힣]{2,}?)(?:이|가) (?:하나 |한 곳 |몇 곳 |또 )?(?:더 )?있")
# Where another is said to be, near the one gone to ("근처에", "바로 옆에")
KO_NEAR = r"(?:(?:이 )?(?:근처|주변|옆|가까이|바로 옆)에 )"
# Two places named as there, and the talk goes on with one ("근처에 선암사와 송광사가 있는데")
KO_PAIR = re.compile(r"[가-힣]{2,}(?:와|과|하고|랑) [가-힣]{2,}(?:이|가)? "
                     r"(?:있는데|있어서|둘 ?다 있)")


def _another_of_kind(sentence: str, word: str) -> bool:
    """Another of the driver's kind said to be there beside the one gone to ("Kaş has its own
    marina too", "there's also a marina in Kaş", "another marina")."""
    w = re.escape(word)
    if is_korean(word):  # "대구 쪽 관암사 주차장도 있습니다"
        return len(word) >= 2 and bool(re.search(rf"{w}도 ({KO_NEAR})?(있|있어|있습니다|있어요)",
                                                 sentence))
    return bool(re.search(rf"\b(has|have) (its|their) own {w}\b[^.]*\b(too|as well)\b"
                          rf"|\bthere'?s also (a|an) [^.]{{0,30}}\b{w}\b|\banother {w}\b"
                          # "the other ruin is down at st justinians" after "the chapel ruins"
                          rf"|\bthe other {re.escape(word.removesuffix('s'))}s?\b"
                          # "Other trailheads nearby include Canyon Overlook"
                          rf"|\bother {w}(e?s)? (nearby|around here|close by|in the area|"
                          rf"include)\b",
                          sentence, re.I))


def _counted_kind(sentence: str, word: str) -> bool:
    """The driver's kind counted in the plural, a word before it or not ("two rentals",
    "several salt hotels", "three pharmacies")."""
    w = re.escape(word[:-1] if word.endswith("y") else word)
    plural = rf"{w}(ies|s|es)" if word.endswith("y") else rf"{w}(e?s)"
    return bool(re.search(rf"\b(two|three|four|five|several|multiple|a few|a couple of|both|"
                          rf"plenty of|lots of|many|numerous|[2-9])"
                          rf"\s+([a-z-]+\s+)?{plural}\b"
                          # ... or the one picked said to be of them ("of the hotels clustered
                          # at the pass, it's the one with the largest car park")
                          rf"|\b(of|among) (all )?the ([a-z-]+\s+)?{plural}\b", sentence, re.I))


def counted_place_reading(turn: TurnInput, j: Judging) -> Judging:
    found = counted_kind(turn)
    why = f"the reply says several places fit ({found!r}) and picks one"
    return acted_on(turn, j, "counted_kind", why if found else None)


# A route to "the" place of a kind said by its kind alone ("take us to the viewpoint", "drive
# us to the husky farm"): the driver's "the" presumes one that nothing in the talk has named.
THE_KIND = re.compile(r"\b(?:take|bring|get|drive) (?:me|us)(?: (?:over|up|down|out|back|across|"
                      r"right))? to the (?P<kind>[a-z][\w'’-]*(?: [a-z][\w'’-]*){0,2})"
                      r"|\b(?:navigate|head|route(?: me| us)?|directions) (?:up |down |over )?"
                      # ... or gone to, or turned back for ("let's go see the falls", "head for
                      # the beach", "turn us around for the hot springs")
                      r"(?:to|for) the (?P<kind2>[a-z][\w'’-]*(?: [a-z][\w'’-]*){0,2})"
                      r"|\b(?:let'?s|lets) go (?:see |to |and see )the "
                      r"(?P<kind3>[a-z][\w'’-]*(?: [a-z][\w'’-]*){0,2})"
                      r"|\bturn (?:us |me )?(?:around|back) for the "
                      r"(?P<kind4>[a-z][\w'’-]*(?: [a-z][\w'’-]*){0,2})", re.I)
# ... cut where the words of the place end ("the castle after lunch", "the church by the lake")
_AFTER_KIND = frozenset("""for after before now next first then please again and with at in by on
    near of from tonight today tomorrow this so""".split())
# The kinds one of which goes without saying: the airport, the centre, the way out, and the
# driver's own lodging or car (`lodging.py` reads those).
ONE_OF_IT = frozenset("""airport centre center downtown border summit top coast motorway highway
    freeway exit car start end city town village office house home hotel room place apartment
    flat hospital station terminal""".split())
# ... and the words that say which one with the kind ("the old harbour", "the main beach")
ONE_SAID = frozenset("old main central town city national public new".split())
# The kinds of sight and of stop a region holds several of.
SIGHTS = frozenset("""viewpoint lookout overlook mirador miradouro lake lagoon falls waterfall
    beach cove bay castle fort fortress church chapel cathedral monastery abbey temple shrine
    ruin ruins winery vineyard cellar quinta farm lighthouse museum marina harbour harbor pier
    gorge canyon cave caves trailhead trail springs pool pools spa lodge campsite campground
    cenote bridge manor palace tower mill glacier dunes island peninsula park garden market
    distillery brewery dam waterfront promenade""".split())
# The reply says the one it goes to is the only one ("the only lighthouse on the island")
THE_ONLY = re.compile(r"\b(the only|only one|just one|the one and only|there'?s one)\b", re.I)


# ... in Korean, a kind said bare as where to go ("전망대 들렀다 가자", "폭포 보러 가자",
# "래프팅 하는 데로 가 줘"), a word or two of where before it or not
GO_TO_KIND_KO = re.compile(r"^\W*(?:[가-힣]+ ){0,2}?(?P<kind>[가-힣]+?)(?:으로|로|에)? ?"
                           r"(?:보러 )?(?:다시 )?(?:가 ?줘|가자|가 ?주세요|안내해 ?줘|"
                           r"안내해 ?주세요|데려다 ?줘|들렀다 가자|들르자|들렀다 가 ?줘)\W*$")
SIGHTS_KO = frozenset("""전망대 해수욕장 해변 폭포 온천 절 사찰 성 산성 캠핑장 야영장 계곡 시장 등대
    선착장 포구 산책로 숲길 휴양림 박물관 성당 정자 펜션 주차장 동굴 저수지 호수 유원지
    수목원 카페 데""".split())


def _unnamed_kind_ko(user: str) -> str | None:
    """The Korean kind said bare as the way's end ("전망대"), or a thing done there ("래프팅
    하는 데"), or None."""
    m = GO_TO_KIND_KO.search(user)
    if m is None or FAIR_DEFAULT.search(user) or BACK_THEN.search(user):
        return None
    kind = m.group("kind")
    if kind not in SIGHTS_KO or (kind == "데" and not re.search(r"하는 데", user)):
        return None
    return kind


def _unnamed_kind(user: str) -> str | None:
    """The kind of place the route asks for by its kind alone, or None."""
    if is_korean(user):
        return _unnamed_kind_ko(user)
    m = THE_KIND.search(user)
    if m is None or FAIR_DEFAULT.search(user):
        return None
    group = next(g for g in ("kind", "kind2", "kind3", "kind4") if m.group(g))
    said = m.group(group).split()
    kind: list[str] = []
    for w in said:
        if w.lower() in _AFTER_KIND:
            break
        kind.append(w.lower())
    if not kind or kind[-1] in ONE_OF_IT or kind[-1] not in SIGHTS or kind[0] in ONE_SAID:
        return None
    # a name the driver typed in capitals is a name, not a kind ("the Olympiastadion")
    start = m.start(group)
    if any(c.isupper() for c in user[start:start + len(" ".join(kind))]):
        return None
    return " ".join(kind)


def unnamed_kind(turn: TurnInput) -> str | None:
    """A route to "the" place of a kind, the kind named nowhere earlier in the talk nor in
    where the car is, and the reply going to one place it names with no question, no default
    said and no word that it is the only one: which of the region's places was meant is
    settled without asking ("take us to the viewpoint": "Orlovo oko it is, 30 min")."""
    if turn.history_users or turn.history_replies or "?" in turn.reply or not turn.reply.strip():
        return None  # (a kind the talk established is the other rules': `counted_kind`, …)
    kind = _unnamed_kind(turn.user)
    # ... and where the car is may name it ("on the road along Lake Siljan": the lake)
    if kind is None or re.search(rf"\b{re.escape(kind.split()[-1])}",
                                 turn.situation.location.lower()):
        return None
    said = sentences(turn.reply)
    first = said[0] if said else ""
    goes = acts_on_one(turn.reply, turn.user) or bool(durations(first))
    if not goes or FAIR_DEFAULT.search(turn.reply) or THE_ONLY.search(turn.reply):
        return None
    picked = _picked(first, turn.user)
    return f"'the {kind}' named by its kind alone, {picked!r} gone to" if picked else None


# What a terse reply's first clause says before its drive ("lago pehoé set, 38 km", "routing to
# goosenecks overlook, 9 mi back west"): the place, with the words of going left out.
_GOING_WORDS = re.compile(r"^\W*(?:ok(?:ay)?\W+|sure\W+)?(?:routing|heading|navigating|going|"
                          r"driving|taking you|setting (?:course|a route|the route)|on (?:our|"
                          r"your) way|route set|route)(?: (?:up|down|back|over|out))?"
                          r"(?: to| for)?(?: the)?\s+|\s+(?:it is|set|is set|is ready)\s*$", re.I)


VIA = re.compile(r"\b(via|over|through|along|by way of) (the )?[^,.;:—–]*", re.I)


def _picked(first: str, user: str) -> str:
    """The place the reply goes to, named in it and not by the driver: a capitalised name, or
    the words of its first clause that the driver did not say, or ''."""
    first = VIA.sub(" ", first)  # the way, not the place gone to ("via the Ringstraße")
    fresh = new_names(first, user)
    if fresh:
        return sorted(fresh)[0]
    if is_korean(first):  # the place before its particle ("'대벽 전망대'로 갈게요")
        going = re.search(r"(?P<to>['‘][^'’]+['’]|[^\s.,]+)(?:으로|로) (?:안내|갈게|모실|출발|가겠|"
                          r"가요|갑니다)", first)
        to = going.group("to").strip("'‘’\"") if going else ""
        return to if to and to not in user else ""
    clause = _GOING_WORDS.sub("", re.split(r"[,;:—–(]", first)[0].strip())
    own = [w for w in words(clause) if w not in STOP and w not in words(user) and w.isalpha()]
    if not own or clause.lower().startswith(("that", "it", "this", "there", "you", "we")):
        return ""
    return clause.lower()


def unnamed_kind_reading(turn: TurnInput, j: Judging) -> Judging:
    return acted_on(turn, j, "unnamed_kind", unnamed_kind(turn))
