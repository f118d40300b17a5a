"""A need of the car or the driver asked for (fuel, a charger, cash, a pharmacy, a mechanic, air
for a tyre, a hospital, a vet, a wash for clothes or for the car) and a reply that offers a
place by its food, its goods or its sights, with no word of that need at all: not its kind, not
what is done there, not a name such places go by ("anitas sjømat in sakrisøy, fishcakes and
smoked salmon, open till 20." to "where can i get the tyre pressure checked"). Food, goods and
sights serve none of these needs: the reply answers another question (`irrelevant_response`).
A terse reply that names a local brand only ("ypf at el carril, 12 km") says nothing of another
kind and is left to the other rules, as are needs that a cafe or a restaurant may serve (a
toilet, a place to park)."""

from __future__ import annotations

import re

from icatest.contracts.labels import FailureMode as F
from icatest.judges.rules import plans
from icatest.judges.rules.offered import KO_THERE, PLACED
from icatest.judges.rules.place_kinds import PLACE_KINDS, SERVES, place_kind, place_kinds
from icatest.judges.rules.request_rules import Reading
from icatest.judges.rules.requests import KIND_WORDS, RequestKind
from icatest.judges.rules.text import any_match, distances_km, durations, new_names, questions
from icatest.judges.rules.verdicts import Cause, RequestVerdict, failed

# What a reply that meets the need says: the need, what is done there, the names such places
# go by (chains known across borders), in English and Korean.
NEED_WORDS: dict[str, re.Pattern[str]] = {
    need: re.compile(words, re.I)
    for need, words in {
        "gas station": (
            r"\b(fuel\w*|petrol|gas|gasoline|diesel|unleaded|lpg|pumps?|fill(ing)?|refuel\w*|"
            r"stations?|octane|shell|bp|esso|total\w*|omv|circle k|texaco|chevron|exxon|mobil|"
            r"q8|eni|agip|repsol|cepsa|galp|aral|jet|neste|st1|caltex|ampol|petronas|petron|"
            r"pemex|arco|valero|sunoco|speedway|sinclair|conoco|phillips 66|irving|petro-canada|"
            r"ultramar|gull|puma|engen|sasol|lukoil|orlen|tamoil|eneos|idemitsu|cosmo|costco|"
            r"wawa|sheetz|buc-ee's|pilot|love's|maverik|z energy|tankstelle|gasolinera|"
            r"benzin\w*|carburant|posto)\b"
            r"|주유|기름|휘발유|경유|칼텍스|s-oil|에쓰오일|오일뱅크|알뜰"),
        "charging station": (
            r"\b(charg\w*|chargers?|kw|plugs?|ccs|chademo|type 2|tesla|ionity|electrify|evgo|"
            r"fastned|allego|ecotricity|ev)\b|충전"),
        "atm": (r"\b(atms?|cash\w*|bank\w*|branch|withdraw\w*|machine|geldautomat|bankomat|"
                r"sparkasse|caixa|banco|banque|banca|cards?)\b|현금|은행|인출|atm"),
        "pharmacy": (r"\b(pharmac\w*|chemists?|drug\w*|apotheke|farmacia|pharmacie|apteka|"
                     r"medicine|medication|tablets?|boots|walgreens|cvs|rite aid|watsons|"
                     r"superdrug|guardian|apotek|apotheek|apteekki|farmacie|eczane)\b|약국|약"),
        "hospital": (r"\b(hospital|clinic|emergency|doctors?|a&e|er|medical|ambulance|urgent "
                     r"care)\b|병원|응급|의원"),
        "car repair": (
            r"\b(garages?|mechanics?|repair\w*|workshop|service|fix\w*|tyres?|tires?|brakes?|"
            r"werkstatt|autohaus|kwik fit|midas|atu|norauto|feu vert|speedy|euromaster|"
            r"firestone|goodyear|bridgestone|michelin|halfords|jiffy lube|pep boys|les schwab|"
            r"canadian tire|autobacs|yellow hat|roadside|tow\w*|breakdown)\b"
            r"|정비|카센터|수리|공업사|타이어|블루핸즈|오토큐|스피드메이트|견인|긴급 출동"),
        "vet": (r"\b(vets?|veterinar\w*|animal (hospital|clinic)|clinic|emergency)\b"
                r"|동물병원|동물 병원|수의|병원"),
        "laundromat": (r"\b(laundr\w*|launderette|wash\w*|dryers?|machines?|laverie|"
                       r"waschsalon|lavander\w*)\b|빨래|세탁"),
        "car wash": (r"\b(car ?wash\w*|wash\w*|valet\w*|jet ?wash|pressure wash\w*|"
                     r"waschstra\w*)\b|세차"),
        "convenience store": (
            r"\b(convenience|corner shop|shops?|stores?|grocer\w*|supermarket|market|24/7|"
            r"all night|7-eleven|seven eleven|spar|co-?op|water|drinks?|snacks?)\b"
            r"|편의점|마트|슈퍼|가게|세븐일레븐|gs25|\bcu\b|생수|음료"),
        "hardware store": (r"\b(hardware|diy|tools?|shops?|stores?|baumarkt)\b|철물|공구|마트"),
        "electronics store": (r"\b(electronics?|phone|shops?|stores?|cables?|chargers?|usb|"
                              r"media ?markt|best buy|currys)\b|전자|휴대폰|케이블|충전기"),
        "tyre shop": (
            r"\b(tyres?|tires?|pressure|air|pumps?|inflat\w*|compressor|puncture|garages?|"
            r"mechanics?|repair\w*|fitters?|workshop|service|station|kwik fit|euromaster|"
            r"point s|vulco|norauto|firestone|goodyear|bridgestone|michelin|pirelli|les schwab|"
            r"discount tire|canadian tire|halfords)\b"
            r"|타이어|공기|펑크|정비|카센터|수리|주유소|타이어뱅크"),
    }.items()
}


# Goods a shop sells that no place meeting a need is told by
SHOP_GOODS = (r"\w*knit\w*|jumpers?|sweaters?|wool|clothes|clothing|books?|toys?|antiques?|pottery|"
              r"jewell?e?ry")
# What a place of food, goods or sights is offered by ("famous for its pies", "banana bread, $8
# a loaf", "줄 서서 먹는 집", "귤 따기 체험"): words no place that meets a need is told by.
OTHER_THINGS = re.compile(
    r"\b(eat\w*|food|foods|dish\w*|menu|famous for|delicious|tasty|taste|tasting|bak(ed|ery|es)|"
    r"bread|cakes?|\w+cakes|pies?|pastr\w+|croissants?|fish|salmon|seafood|oysters?|sandwich\w*|burgers?|"
    r"pizzas?|tacos?|noodles?|soups?|stew|bbq|barbecue|grill\w*|snacks?|ice cream|gelato|"
    r"coffee|espresso|tea|wine|beers?|cheese|honey|chocolate|fudge|jam|smoked|fresh|homemade|"
    r"hot ?dogs?|brunch|lunch|dinner|breakfast|cuisine|loaf|souvenirs?|gifts?|crafts?|"
    r"views?|scenic|sunset|sunrise|waterfall|falls|trail\w*|hik\w+|walks?|beach|cliffs?|"
    r"lookout|viewpoint|museum|castle|church|temple|gallery|tour|boat|photos?|history|"
    r"built in|founded|century|picnic|garden|"
    # goods of a shop ("hand-knit jumpers", "pottery", "antiques")
    rf"{SHOP_GOODS}|paintings?|prints)\b"
    r"|맛집|맛있|먹|메뉴|카페|빵|핫도그|국수|국밥|김밥|떡볶이|아이스크림|커피|전망|체험|유명|경치|"
    r"산책|박물관|해변|사진|풍경|일몰|일출|폭포|둘레길|전시|팔아요|판매|직판장|특산|기념품", re.I)
# A shop, a stall or an eatery said with no name or distance ("the craft shop by the bridge")
SHOP = re.compile(r"\b(shop|store|stand|stall|market|kiosk|cafe|café|bakery|deli|pub|bar|grill|"
                  r"diner|gallery)\b|직판장|가게|상점|매장|시장|카페|식당", re.I)


def need_asked(description: str, user: str) -> str | None:
    """The need the request asks a place for, or None."""
    for text in (description, user):
        kind = place_kind(text)
        if kind in NEED_WORDS:
            return kind
    return None


# a Korean place named in quotes ("도장포 마을 '바람의 핫도그'가 유명해요")
KO_QUOTED = re.compile(r"['‘\"“][^'’\"”]*[가-힣][^'’\"”]*['’\"”]")


def _offers_a_place(reply: str, *known: str) -> bool:
    return bool(distances_km(reply) or durations(reply) or PLACED.search(reply)
                or KO_THERE.search(reply) or KO_QUOTED.search(reply) or SHOP.search(reply)
                or SELLER.match(reply) or new_names(reply, *known))


# a place said in lowercase as what sells ("the village cooperative in socaire sells alpaca
# scarves")
SELLER = re.compile(r"^\W*the [\w' -]{2,50}? (sells|serves|stocks|does)\b", re.I)


# Goods to buy that no eatery sells ("where can we buy swim goggles", "buy some sunscreen")
BUY = re.compile(r"\b(buy|shop for|get hold of|sells?)\b (some |a |an |new |spare |more )?"
                 r"(?P<thing>[a-z][\w -]{2,30}?)(?= for\b| near\b| in\b| around\b| before\b|"
                 r" on the way\b|\W*$)", re.I)
GOODS = re.compile(rf"\b({SHOP_GOODS}|wool\w*|gear|outfitters?|equipment)\b|[$€£]\s?\d", re.I)
SOLD = re.compile(r"\b(shops?|stores?|sells?|selling|stocks?|stockists?|outlet|supermarket|"
                  r"chemist|pharmacy|market|rental|hire)\b|가게|마트|판매|매장", re.I)


def goods_unmet(user: str, reply: str, *known: str) -> str | None:
    """Goods to buy asked for, and a place offered by its food or sights with no word of the
    goods or of a shop: the goods."""
    m = BUY.search(user)
    if m is None or OTHER_THINGS.search(m.group("thing")) or questions(reply):
        return None
    thing = m.group("thing").lower()
    low = reply.lower()
    if any(w in low for w in thing.split() if len(w) > 3) or SOLD.search(reply) or GOODS.search(
            reply):
        return None  # the goods named, a shop, or goods of a shop ("wool ones with ear flaps")
    if not OTHER_THINGS.search(reply) or not _offers_a_place(reply, user, *known):
        return None
    return f"a shop for {thing}"


def need_unmet(req_description: str, user: str, reply: str, *known: str) -> str | None:
    """A place offered for a need by its food, goods or sights, with no word of the need, nor
    of a kind that serves it."""
    need = need_asked(req_description, user)
    if need is None:
        return goods_unmet(user or req_description, reply, *known)
    if questions(reply) or NEED_WORDS[need].search(reply):
        return None
    low = reply.lower()
    if any(w in low for w in PLACE_KINDS[need]):
        return None
    kinds = place_kinds(reply)
    if kinds & {need, *SERVES.get(need, ())}:
        return None  # a service area, a car park with chargers: the need may be met there
    # another kind the request does not name itself ("gas with clean restrooms": the toilet
    # is asked about), or food, goods or sights
    other = kinds - place_kinds(f"{req_description} {user}")
    if not (other or OTHER_THINGS.search(reply)):
        return None
    if not _offers_a_place(reply, user, req_description, *known):
        return None
    return need


def unmet_need(r: Reading) -> RequestVerdict | None:
    """The request's verdict: a place offered for a need with nothing of the need in it."""
    t = r.turn
    # the car's own fuel asked about ("hows the fuel"), not where to have the tyres seen to
    own_car = r.kind is RequestKind.VEHICLE and not any_match(
        KIND_WORDS[RequestKind.SEARCH], r.req.description.lower())
    if own_car or plans.stops_in(t.user) or any(
            need_asked("", said) for said in t.history_replies):
        return None  # a plan's stops, a need talked of before
    need = need_unmet(r.req.description, t.user if len(t.requests) == 1 else "", r.own,
                      *t.history_users, t.situation.location)
    if need is None:
        return None
    why = f"{r.d} asks for a place of the kind '{need}', a place offered with no word of it"
    return failed(F.IRRELEVANT_RESPONSE, Cause.INSTEAD, "need_unmet", why)
