"""Errands a plan names without a kind of place or a name ("the bank, then the dry cleaning,
then home"), in English and Korean, and the words a reply may call each one's place by: its own
word, the local word, the big chains ('Sparkasse' for the bank, '신한은행' for 은행). `plans.py`
reads them."""

from __future__ import annotations

import re

from icatest.judges.rules.place_kinds import place_kind
from icatest.judges.rules.text import names

# Errands and destinations a plan names without a kind of place or a name.
ERRANDS = re.compile(
    r"\b(home|work|office|school|bank|post office|gym|dry cleaning|cleaners|airport|station|"
    r"pharmacy|kindergarten|daycare|hospital|doctor|dentist|vet|hairdresser|barber|library|"
    r"florist|car wash|mechanic|parcel|fuel|gas|groceries|supermarket|shop|store|mall|market|"
    r"terminal|ferry|pier|harbour|harbor|bread|bakery|uni|university|campus|"
    # the sights of a day out named by their kind ("the lake", "the old town")
    r"lake|old town|town centre|city centre|castle|beach|"
    # errands of the car itself ("drop the rental at the station", "the parcel locker")
    r"rental|hire car|locker|tyre shop|tire shop|tyre place|tire place|car park|"
    # the fuel stop said as the errand ("fill up the tank", "refuel")
    r"fill up|refuel|petrol|"
    # the gas of a camper's heater, the washing, the papers signed
    r"propane|lpg|laundromat|launderette|laundrette|notary|diesel)\b", re.I
)


# The same in Korean: a word of the reply that holds it names it ('신한은행' is a bank).
KO_ERRANDS = re.compile(
    r"(집|회사|사무실|학교|은행|우체국|헬스장|세탁소|공항|역|약국|유치원|어린이집|병원|주유소|충전소|"
    r"마트|편의점|카페|빵집|식당|시장|백화점|주차장|학원|시청|구청|터미널|휴게소|세차장|주유|충전)"
    r"(?=[으로로에서을를은는이가도까지하]|\s|$|[,.!?])"
)
# What a reply calls an errand's place: its own word, the local word, the big chains.
ERRAND_WORDS: dict[str, tuple[str, ...]] = {
    "dry cleaning": ("cleaners", "cleaner", "reinigung", "wäscherei", "wascherei", "laundry",
                     "세탁소"),
    "bank": ("bank", "sparkasse", "volksbank", "raiffeisen", "atm", "은행"),
    "post office": ("post", "dhl", "packstation", "postfiliale", "우체국"),
    "gym": ("gym", "fitness", "fit", "헬스"),
    "fuel": ("fuel", "petrol", "gas station", "aral", "shell", "esso", "jet", "주유소"),
    "pharmacy": ("pharmacy", "apotheke", "drugstore", "약국"),
    "bakery": ("bakery", "boulangerie", "bäckerei", "backerei", "panader", "forno", "bread",
               "빵집"),
}
ERRAND_WORDS["bread"] = ERRAND_WORDS["bakery"]
for _said in ("laundromat", "launderette", "laundrette"):
    ERRAND_WORDS[_said] = ("laundromat", "launderette", "laundrette", "laundry")
ERRAND_WORDS["propane"] = ("propane", "lpg", "gas")
ERRAND_WORDS["uni"] = ("uni", "university", "campus", "college")
ERRAND_WORDS["university"] = ERRAND_WORDS["campus"] = ERRAND_WORDS["uni"]
ERRAND_WORDS["주유"] = ("주유", *ERRAND_WORDS["fuel"])
ERRAND_WORDS["충전"] = ("충전", "charg")
ERRAND_WORDS["supermarket"] = ("supermarket", "grocery", "market", "edeka", "rewe", "aldi", "lidl",
                               "penny", "netto", "kaufland", "tesco", "walmart", "마트")
ERRAND_WORDS["groceries"] = ERRAND_WORDS["supermarket"]
ERRAND_WORDS["cleaners"] = ERRAND_WORDS["dry cleaning"]
ERRAND_WORDS["parcel"] = ERRAND_WORDS["post office"]
ERRAND_WORDS["gas"] = ERRAND_WORDS["fuel"]
for _said in ("fill up", "refuel", "petrol", "diesel", "주유"):
    ERRAND_WORDS[_said] = (*ERRAND_WORDS["fuel"], "fill up", "refuel")


def errand_words(stop: str) -> tuple[str, ...]:
    m = ERRANDS.search(stop) or KO_ERRANDS.search(stop)
    if not m:
        return ()
    word = m.group(1).lower()
    return (word, *ERRAND_WORDS.get(word, ()))


def starts_word(low: str, word: str) -> int:
    """Where a word of the text starts with `word` ('fit' in 'FitStar', not in 'benefit';
    a Korean place word anywhere in its eojeol: '은행' in '신한은행'), or -1."""
    if word == "집":  # home ('큰집', '할머니집'), but no shop of food or flowers ('빵집', '횟집')
        m = re.search(r"(?<![빵횟밥깃찻술떡둣꽃탕닭])집", low)
        return m.start() if m else -1
    if HANGUL_WORD.match(word):
        return low.find(word)
    m = re.search(r"(?<![^\W\d_])" + re.escape(word), low)
    return m.start() if m else -1


HANGUL_WORD = re.compile(r"[가-힣]")




def is_place(part: str) -> bool:
    """A part of the driver's words that names a place: by its name, its kind or its errand."""
    return bool(names(part) or place_kind(part) or ERRANDS.search(part) or KO_ERRANDS.search(part))
