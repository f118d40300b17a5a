"""Prices in a reply ("€9–11", "CHF 780", "15,000원", "300 yen") and the driver's price limits
held against them ("under 120 euros", "만 원 이하", "max 50 zł")."""

from __future__ import annotations

import re

from icatest.judges.rules.checked import Check, Checked
from icatest.judges.rules.families import FAMILIES
from icatest.judges.rules.text import any_match

# Prices a reply states ("€9–11", "$12", "14 euros"): the amount, the upper end of a range.
# The currency as a sign or a word, before or after the amount ("CHF 780", "79 eur").
_BEFORE = r"(?:[€$£]|\b(?:eur|chf|usd|gbp)\s?)"
_AFTER = (r"(?:€|euros?\b|eur\b|dollars?\b|bucks\b|chf\b|francs?\b|pounds?\b|"
          r"nzd\b|aud\b|cad\b|usd\b)")
PRICE = re.compile(
    _BEFORE + r"\s?(\d+(?:[.,]\d+)?)(?:\s?[-–]\s?[€$£]?\s?(\d+(?:[.,]\d+)?))?"
    r"|\b(\d+(?:[.,]\d+)?)(?:\s?[-–]\s?(\d+(?:[.,]\d+)?))?\s?" + _AFTER,
    re.I,
)
def amount(figure: str) -> float:
    """'2,000' and '1.500' are thousands (¥2,000, €1.500), '2,50' and '9.5' a fraction."""
    if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", figure):
        return float(re.sub(r"[.,]", "", figure))
    return float(figure.replace(",", "."))


CHEAP_UP_TO, DEAR_FROM = 20.0, 35.0  # a dish or a ticket, in euros or dollars
# A price limit the driver states ("under 120 euros", "no more than $80 a night").
PRICE_LIMIT = re.compile(
    r"\b(?:under|below|less than|at most|max(?:imum)?|up to|no more than|within)\s+"
    r"(?:" + _BEFORE + r"\s?(?P<a>\d+(?:[.,]\d+)?)|(?P<b>\d+(?:[.,]\d+)?)\s?" + _AFTER + ")",
    re.I,
)


# Korean amounts in won ("15,000원", "만 원", "2만 원") and a limit on them ("만 원 이하"): read
# apart from the prices above, whose cheap / dear thresholds are euros or dollars.
# (the thousands also in Hangul numerals: "만 오천 원", "칠천 원")
_KO_DIGIT = "일이삼사오육칠팔구"
WON = re.compile(rf"(?:(?P<man>\d+)?\s?만\s?(?:(?P<cheon>\d|[{_KO_DIGIT}])\s?천\s?)?원"
                 rf"|(?P<k>\d+|(?<![가-힣])[{_KO_DIGIT}])\s?천\s?원"
                 r"|(?P<n>\d{1,3}(?:,\d{3})+|\d+)\s?원)")  # and '1만 8천 원', '8천 원'

WON_LIMIT = re.compile(WON.pattern + r"\s?(?:이하|미만|아래|이내|안쪽|까지)")
# the same limit written in English ("under 20,000 won", "20,000 won or less")
WON_LIMIT_EN = re.compile(r"\b(?:under|below|less than|at most|up to|no more than|max(?:imum)?)\s+"
                          r"(?P<a>\d{1,3}(?:,\d{3})+|\d+)\s?won\b|\b(?P<b>\d{1,3}(?:,\d{3})+|\d+)"
                          r"\s?won (?:or less|or under|at most|max(?:imum)?)\b", re.I)


def _won(m: re.Match[str]) -> float:
    if m.group("n"):
        return float(m.group("n").replace(",", ""))
    if m.group("k"):
        return 1000.0 * _digit(m.group("k"))
    return 10000.0 * int(m.group("man") or 1) + 1000.0 * _digit(m.group("cheon") or "0")


def _digit(figure: str) -> int:
    """A figure in digits or one Hangul numeral ('7', '칠')."""
    return _KO_DIGIT.index(figure) + 1 if figure in _KO_DIGIT else int(figure)


def won_limit(constraint: str, reply: str) -> Checked | None:
    limit, english = WON_LIMIT.search(constraint), WON_LIMIT_EN.search(constraint)
    if limit is not None:
        most = _won(limit)
    elif english is not None:
        most = float((english.group("a") or english.group("b")).replace(",", ""))
    else:
        return None
    prices = [_won(m) for m in WON.finditer(reply)]
    if prices and min(prices) > most:
        return Checked(Check.MISSED, f"prices from {min(prices):g} won, over {most:g}")
    if prices and max(prices) <= most:
        return Checked(Check.HONOURED, f"prices up to {max(prices):g} won")
    return Checked(Check.UNKNOWN, f"no price in won for {constraint!r}")


# A limit in another currency ("under 300 yen an hour", "max 50 zł"), held against the prices
# the reply names in the same currency (the cheap / dear thresholds above are not read here).
CURRENCIES = {"yen": ("yen", "¥", "円"), "zł": ("zł", "zl", "zloty", "złoty", "pln"),
              "kč": ("kč", "kc", "czk", "koruna", "korun"),
              # one peso in one country: the driver's "pesos" is the reply's code
              "pesos": ("pesos", "peso", "clp", "mxn", "cop", "ars", "uyu"),
              # and the others a driver abroad types by code or name ("under 1500 nad")
              "nad": ("nad", "n$"), "rand": ("rand", "zar"),
              "rupees": ("rupees", "lkr", "inr"), "baht": ("baht", "thb"),
              "dirham": ("dirham", "dirhams", "aed"),
              "lira": ("lira",), "forint": ("forint", "huf"),
              "lei": ("lei", "ron"), "soles": ("soles",), "isk": ("isk", "krónur", "kronur"),
              "dinar": ("dinar", "dinars", "jd", "jod"), "lari": ("lari", "gel"),
              "leva": ("leva", "lev", "bgn"), "som": ("som", "kgs"),
              "kr": ("kr", "sek", "nok", "dkk", "kronor", "kroner", "krona", "krone"),
              "marks": ("marks", "mark", "bam"), "denar": ("denar", "denars", "mkd"),
              "rsd": ("rsd", "dinara"), "lek": ("lek", "leke")}
_MONEY = "|".join(re.escape(w) for ws in CURRENCIES.values() for w in ws)
OTHER_LIMIT = re.compile(
    r"\b(?:under|below|less than|at most|max(?:imum)?|up to|no more than)\s+"
    rf"(?:(?P<n>\d+(?:[.,]\d+)?)\s?(?P<cur>{_MONEY})(?!\w)|¥\s?(?P<y>\d+(?:[.,]\d+)?))",
    re.I,
)


def money_limit(text: str) -> tuple[float, str] | None:
    """A limit in another currency, as (amount, the currency's name): "under 40 JD" and "under
    40 dinar" are the same limit."""
    limit = OTHER_LIMIT.search(text)
    if limit is None:
        return None
    said = "¥" if limit.group("y") else limit.group("cur").lower()
    name = next(k for k, ws in CURRENCIES.items() if said in ws)
    return amount(limit.group("n") or limit.group("y")), name


def other_limit(spoken: str, reply: str) -> Checked | None:
    limit = OTHER_LIMIT.search(spoken)
    if limit is None:
        return None
    said = "¥" if limit.group("y") else limit.group("cur").lower()
    words = next(ws for ws in CURRENCIES.values() if said in ws)
    money = "|".join(re.escape(w) for w in words)
    most = amount(limit.group("n") or limit.group("y"))
    found = re.finditer(rf"(\d+(?:[.,]\d+)?)\s?(?:{money})(?!\w)|¥\s?(\d+(?:[.,]\d+)?)",
                        reply, re.I)
    prices = [amount(m.group(1) or m.group(2)) for m in found
              if m.group(1) or "¥" in words]
    if prices and min(prices) > most:
        return Checked(Check.MISSED, f"prices from {min(prices):g} {said}, over {most:g}")
    if prices and max(prices) <= most:
        return Checked(Check.HONOURED, f"prices up to {max(prices):g} {said}")
    return Checked(Check.UNKNOWN, f"no price in {said} for {spoken!r}")


# A limit typed with no currency, per what is paid for ("under 100 a night"), held against the
# amounts the reply gives per the same ("rooms from 180 a night", "€85 per night").
BARE_LIMIT = re.compile(r"\b(?:under|below|less than|at most|max(?:imum)?|up to|no more than)\s+"
                        r"(?P<n>\d+(?:[.,]\d+)?)\s+(?:a|an|per|each)\s+(?P<u>night|person|head|"
                        r"ticket|room|day|hour)\b", re.I)


def bare_limit(spoken: str, reply: str) -> Checked | None:
    limit = BARE_LIMIT.search(spoken)
    if limit is None:
        return None
    most, unit = amount(limit.group("n")), limit.group("u").lower()
    found = re.finditer(rf"(?<![\d.,:])[€$£¥]?\s?(\d+(?:[.,]\d+)?)\s?(?:€|euros?|dollars?|pounds?)?"
                        rf"\s?(?:a|an|per|/|each)\s?{unit}\b", reply, re.I)
    # a room's or a ticket's price with no unit is one of it ("rooms from €240")
    prices = [amount(m.group(1)) for m in found] or [
        p for p in prices_in(EXTRA.sub(" ", reply)) if unit in ("night", "room", "ticket")]
    if prices and min(prices) > most:
        return Checked(Check.MISSED, f"from {min(prices):g} a {unit}, over {most:g}")
    if prices and max(prices) <= most:
        return Checked(Check.HONOURED, f"up to {max(prices):g} a {unit}")
    return None


# ... and typed with no currency, an amount in cents per what is paid for ("7.50 a load",
# "2.60 for a car", "3.20 per hour"): not a distance, a clock time or a rating
PER_UNIT = re.compile(r"(?<![\d.,:])(\d+[.,]\d{2}) (?:a|an|per|each|for a) (?:load|wash|hour|"
                      r"day|night|car|person|ticket|visit|entry|bag|go)\b", re.I)


# An amount in any currency the rules know, sign, code or name ("5 marks a head", "€12").
ANY_PRICE = re.compile(rf"{PRICE.pattern}|(?<![\w.,])\d+(?:[.,]\d+)?\s?(?:{_MONEY})(?!\w)"
                       r"|\d[\d,]*\s?원", re.I)


def prices_in(reply: str) -> list[float]:
    return [amount(g) for m in PRICE.finditer(reply)
            for g in (m.group(2) or m.group(1), m.group(4) or m.group(3)) if g] + [
        amount(m.group(1)) for m in PER_UNIT.finditer(reply)]


# A price on top of the one asked about ("garage €20 extra", "parking 15 euros", "plus $12"):
# not what the place costs.
_AMOUNT = r"[€$£]?\s?\d+(?:[.,]\d+)?\s?(?:€|euros?|dollars?)?"
EXTRA = re.compile(
    r"\b(?:garage|parking|breakfast|(?:city|tourist) tax|deposit|service fee)\s*(?:is |costs? )?"
    + _AMOUNT + r"(?:\s*(?:extra|more|on top))?"
    r"|" + r"[€$£]\s?\d+(?:[.,]\d+)?\s*(?:extra|more|on top)\b|\bplus\s+" + _AMOUNT,
    re.I,
)


PER_NIGHT = re.compile(r"(?<![\d.,:])(\d{2,4}(?:[.,]\d{2})?)\s?(?:a|per|/)\s?night\b", re.I)
# ... or a menu's or a head's price typed bare ("tasting menu 95 plus the truffle", "40 a head")
BARE_MENU = re.compile(r"\b(?:(?:set|tasting|fixed|lunch|dinner) menu|menu)"
                       r"(?: is| costs?| at| from)?\s(\d{2,3})\b(?!\s?(?:min|km|m\b|%|:|[.,]\d))"
                       r"|(?<![\d.,:])(\d{2,3})\s?(?:a|per)\s?(?:head|person)\b", re.I)


def price_limit(spoken: str, reply: str) -> Checked | None:
    """'under 120 euros' against the prices the reply names (none named: not read here); the
    extras on top ("garage €20 extra") are no price of the place."""
    limit = PRICE_LIMIT.search(spoken)
    assert limit is not None
    most = amount(limit.group("a") or limit.group("b"))
    # (or typed with no currency, per night: "cabins from 189 a night")
    prices = prices_in(EXTRA.sub(" ", reply)) or [
        amount(m.group(1)) for m in PER_NIGHT.finditer(reply)] or [
        amount(m.group(1) or m.group(2)) for m in BARE_MENU.finditer(reply)]
    if prices and min(prices) > most:
        return Checked(Check.MISSED, f"prices from {min(prices):g}, over {most:g}")
    if prices and max(prices) <= most:
        return Checked(Check.HONOURED, f"prices up to {max(prices):g}")
    return None


# A limit in thousands or millions of any currency ("under 1 million dong a night", "max 500k
# rupiah"), held against the amounts of the same scale words the reply names ("4.2 million
# dong"); the currency, when the limit names one, must be the reply's too.
SCALE = {"k": 1e3, "thousand": 1e3, "m": 1e6, "mil": 1e6, "million": 1e6, "millions": 1e6}
_SCALE = r"(?P<s>k|thousand|m|mil|millions?)\b"
SCALED_LIMIT = re.compile(
    r"\b(?:under|below|less than|at most|max(?:imum)?|up to|no more than)\s+"
    rf"(?P<n>\d+(?:[.,]\d+)?)\s?{_SCALE}(?:\s(?P<cur>[a-z]+))?", re.I)
SCALED = re.compile(rf"(?<![\w.,])(?P<n>\d+(?:[.,]\d+)?)\s?{_SCALE}(?:\s(?P<cur>[a-z]+))?", re.I)


def _scaled(m: re.Match[str]) -> float:
    return float(m.group("n").replace(",", ".")) * SCALE[m.group("s").lower()]


def scaled_limit(spoken: str, reply: str) -> Checked | None:
    limit = SCALED_LIMIT.search(spoken)
    if limit is None:
        return None
    most, currency = _scaled(limit), (limit.group("cur") or "").lower()
    prices = [_scaled(m) for m in SCALED.finditer(reply)
              if not currency or (m.group("cur") or "").lower() == currency]
    if prices and min(prices) > most:
        return Checked(Check.MISSED, f"prices from {min(prices):,.0f}, over {most:,.0f}")
    if prices and max(prices) <= most:
        return Checked(Check.HONOURED, f"prices up to {max(prices):,.0f}")
    return Checked(Check.UNKNOWN, f"no price of that scale for {spoken!r}")


# The price said to be the lowest to be had ("the lowest rate I could find anywhere inside the
# walls", "the cheapest room in town", "the lowest price in either village this week"): cheap
# for where it is, whatever the figure.
LOWEST = re.compile(r"\b(the )?(lowest|cheapest|least expensive) (rate|price|fare|room|one|"
                    r"option|deal)s?\b[^.?!]{0,40}\b(i could find|around|in|anywhere|nearby|"
                    r"here|this (week|season|month))\b"
                    # ... or a fraction of what the others charge ("a third of what the
                    # harbour-front places charge")
                    r"|\b(a third|a quarter|half|a fraction) of what\b", re.I)


def cheap_prices(reply: str) -> Checked | None:
    """Cheap against the prices named; a reply that says it is dear ("diesel 1.86 eur,
    priciest around") is read by its words (`by_family.family_check`), whatever the figure."""
    if any_match(FAMILIES["cheap"].breaks, reply.lower()):
        return None
    if LOWEST.search(reply):
        return Checked(Check.HONOURED, "the lowest price there is")
    prices = prices_in(reply)
    if prices and max(prices) <= CHEAP_UP_TO:
        return Checked(Check.HONOURED, f"prices up to {max(prices):g}")
    if prices and min(prices) >= DEAR_FROM:
        return Checked(Check.MISSED, f"prices from {min(prices):g}")
    return None
