"""Slot extraction for the reference NLU: constraints, categories, references, Korean keywords."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from icatest.sut.reference import lexicon as lx
from icatest.sut.reference.world import Place, Poi, World, normalize

Named = Place | Poi
_REF_CATS = "|".join(
    [
        "restaurant",
        "cafe",
        "café",
        "bakery",
        "supermarket",
        "market",
        "museum",
        "park",
        "hotel",
        "pharmacy",
        "station",
        "charger",
        "charging station",
        "gas station",
        "parking garage",
        "bank",
        "dry cleaner",
        "post office",
        "florist",
        "hardware store",
        "garden centre",
        "snack bar",
        "playground",
        "ice cream shop",
        "zoo",
        "beer garden",
    ]
)
_REF_PATTERNS = [
    (
        rf"(?:the|that)\s+({_REF_CATS})\s+(?:you|we)\s+(?:found|suggested|mentioned|picked|had)",
        "cat",
    ),
    (rf"\bthat\s+({_REF_CATS})\b", "cat"),
    (rf"\bthe\s+({_REF_CATS})\s+(?:from\s+)?(?:before|earlier)\b", "cat"),
    (rf"back\s+to\s+the\s+({_REF_CATS})\b", "cat"),
    (rf"\bthe\s+same\s+({_REF_CATS})\b", "cat"),
    (
        r"same\s+(?:destination|place|address)|where\s+we\s+(?:were\s+going|planned)"
        r"|the\s+destination\s+(?:from\s+)?before|previous\s+destination",
        "destination",
    ),
    (
        r"\bthat\s+(?:place|one|spot)\b|\bthe\s+place\s+you"
        r"|\bthe\s+(?:place|spot)\s+(?:from\s+)?(?:before|earlier)\b",
        "place",
    ),
    (r"(?<!is\s)(?<!are\s)\bthere\b|\bit\b\s+as\s+a\s+stop|\badd\s+it\b", "last"),
]


@dataclass
class StopRef:
    """One stop of a multi-stop request: a named item, a category, or a reference."""

    named: Named | None = None
    category: str | None = None
    ref: tuple[str, str] | None = None


@dataclass
class Request:
    intent: str
    text: str
    constraints: list[str] = field(default_factory=list)
    named: list[Named] = field(default_factory=list)
    near: Place | Poi | None = None
    along_to: Named | None = None
    category: str | None = None
    definite: bool = False
    nearest: bool = False
    ref: tuple[str, str] | None = None
    stops: list[StopRef] = field(default_factory=list)
    action: str | None = None
    value: str | None = None


def korean_to_english(text: str, world: World) -> str:
    """Keyword-level reading of Korean, sentence by sentence: known words become English
    phrases in the order spoken, place names (Korean or Latin) become 'to X' or, before 근처
    ('near'), 'near X'. Word order and particles are otherwise ignored."""
    sentences = [s for s in re.split(r"(?<=[.?!])\s+", text.strip()) if s]
    return ". ".join(_korean_sentence(s, world) for s in sentences)


def _korean_sentence(text: str, world: World) -> str:
    text = re.sub(
        r"([A-Za-z])(?=[\uac00-\ud7a3])", r"\1 ", text
    )  # 'Garching까지' -> 'Garching 까지'
    hits: list[tuple[int, str]] = []

    def place(pos: int, end: int, name: str) -> None:
        near = re.match(r"\s*(?:의\s*)?근처", text[end:])
        hits.append((pos, f" near {name} " if near else f" to {name} "))

    for item in world.places:
        for name in item.ko:
            if (pos := text.find(name)) >= 0:
                place(pos, pos + len(name), item.name)
    for pos, found in world.find_names(text):
        place(pos, pos + len(found.name), found.name)
    for word, phrase in lx.KO_KEYWORDS:
        if (pos := text.find(word)) >= 0:
            hits.append((pos, phrase))
    for m in re.finditer(r"(\d{1,2})\s*도", text):
        hits.append((m.start(), f" {m.group(1)} degrees "))
    for m in re.finditer(r"(\d{1,2})\s*시", text):
        hits.append((m.start(), f" by {m.group(1)}:00 "))
    hits.sort()
    return " ".join(p for _, p in hits).strip() or text


def has_hangul(text: str) -> bool:
    return any("\uac00" <= ch <= "\ud7a3" for ch in text)


def constraints_of(text: str, world: World) -> tuple[list[str], Place | Poi | None, Named | None]:
    """Constraint ids in order of appearance, plus the near-place and along-route target."""
    norm = normalize(text)
    found: list[tuple[int, str]] = []
    for pattern, cid in lx.CONSTRAINT_PATTERNS:
        if m := re.search(pattern, norm):
            found.append((m.start(), cid))
    if by := _arrive_by(norm):
        found.append(by)
    near, along = None, None
    for pos, item in world.find_names(text):
        before = norm[max(0, pos - 12) : pos]
        if re.search(r"(?:near|around|close\s+to|in|next\s+to)\s+(?:the\s+)?$", before):
            near = item
            found.append((pos - 1, f"near:{item.name}"))
        elif re.search(r"(?:way|route)\s+to\s+(?:the\s+)?$", before):
            along = item
    if re.search(r"\bnearby\b|near\s+me|close\s+by|around\s+here|\bnearest\b|closest", norm):
        found.append((norm.find("near") if "near" in norm else 0, "nearby"))
    found.sort()
    ids = [cid for _, cid in found if cid != "nearby"]
    return list(dict.fromkeys(ids)), near, along


def _arrive_by(norm: str) -> tuple[int, str] | None:
    m = re.search(
        r"\b(?:by|before|until|no\s+later\s+than|arrive\s+at|be\s+there\s+at)\s+"
        r"(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.|o'?clock|h\b)?",
        norm,
    )
    if not m:
        return None
    hour, minute, suffix = int(m.group(1)), int(m.group(2) or 0), (m.group(3) or "")
    if not m.group(2) and not suffix and hour > 24:
        return None
    if suffix.startswith("p") and hour < 12:
        hour += 12
    elif not suffix.startswith("a") and not m.group(2) and 1 <= hour <= 7:
        hour += 12
    if hour > 23 or minute > 59:
        return None
    return m.start(), f"arrive_by:{hour:02d}:{minute:02d}"


def _blank_names(text: str, world: World) -> str:
    """The clause with named places blanked, so 'Deutsches Museum' is not the category 'museum'."""
    norm = normalize(text)
    for pos, item in world.find_names(text):
        length = max(
            len(normalize(a)) for a in [item.name, *item.aliases] if normalize(a) in norm[pos:]
        )
        norm = norm[:pos] + " " * length + norm[pos + length :]
    return norm


def category_of(text: str, world: World) -> tuple[str | None, int]:
    norm = _blank_names(text, world)
    norm = re.sub(
        r"(?:with|has|have)\s+(?:a\s+)?(?:free\s+)?(?:ev\s+)?(?:parking|charg\w*)", " ", norm
    )
    norm = re.sub(r"\bev\s+charg\w*|fast\s+charg\w*(?=\s+(?:for|on|at))", " ", norm)
    best: tuple[int, str] | None = None
    for pattern, cat in lx.CATEGORY_PATTERNS:
        if (m := re.search(pattern, norm)) and (best is None or m.start() < best[0]):
            best = (m.start(), cat)
    if best is None and re.search(r"fast\s+charg|\bcharg", normalize(text)):
        return "charging_station", 0
    return (best[1], best[0]) if best else (None, -1)


def reference_of(text: str) -> tuple[str, str] | None:
    norm = normalize(text)
    for pattern, kind in _REF_PATTERNS:
        if m := re.search(pattern, norm):
            value = m.group(1) if m.groups() else ""
            value = {
                "café": "cafe",
                "charger": "charging_station",
                "charging station": "charging_station",
                "gas station": "gas_station",
                "parking garage": "parking",
                **{w: c for c, w in lx.CATEGORY_WORD.items() if " " in w},
            }.get(value, value)
            return kind, value
    return None
