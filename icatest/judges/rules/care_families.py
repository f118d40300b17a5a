"""Paraphrase families of what the driver's party has to be kept to (`family.py`): a diet (no
gluten for a coeliac, no fish, no raw fish), a fear (no roads with sheer drops) and a body that
cannot walk far. Each is broken by the reply's own words for what the party cannot have, read
only when it says either way."""

from __future__ import annotations

from icatest.judges.rules.family import Family

CARE_FAMILIES: dict[str, Family] = {
    # fish kept off the table ("no fish, my partner can't stand it"): broken by a fish dish the
    # reply offers, read only when it names one or says there is none
    "no_fish": Family(
        (r"\b(no|without|not) fish\b|\bcan'?t stand fish\b|\ballergic to fish\b|"
         r"\bfish[- ]free\b",),
        (r"\b(no|without) fish\b|\bfish[- ]free\b|\bnot a fish place\b",),
        (r"(?<!\bno )(?<!without )\b(fish|catch of the day|cod|salmon|tuna|sardines?|sea ?bass|"
         r"haddock|hake|trout|swordfish|anchov(y|ies))\b(?![- ]free)",),
        unread_if_silent=True,
    ),
    # a coeliac at the table: a place said to have nothing special goes against it
    "gluten_free": Family(
        (r"\bgluten[- ]free\b|\bco?eliac\b", r"글루텐"),
        (r"\bgluten[- ]free\b|\bgf (menu|options?|dishes|bread|pasta)\b",
         r"글루텐 ?(프리|없는|free)"),
        # (also wheat said as all it has: "classic wheat baguettes and brioche")
        (r"\bno (special|gluten[- ]free|gf|allergy) (menus?|options?|dishes)\b|"
         r"\b(classic|traditional|only|all) (wheat|rye|spelt)\b|"
         # wheat goods offered with no word of gluten in the sentence ("cardamom buns and
         # rhubarb crumble pie straight out of the oven")
         r"^(?!.*\b(gluten|gf|coeliac|celiac|wheat|flour|rice|corn)\b).*\b(buns|pastr(y|ies)|"
         r"croissants?|cakes|pies?|waffles|pancakes|bread|baguettes?|brioche|pizzas?|pasta|"
         r"dumplings|crumble)\b|"
         r"\b(gluten[- ]free|gf) (is |are )?not (available|offered|possible)\b",
         r"글루텐 ?(프리)? ?(메뉴)?(는|가)? ?(없|안 ?돼)"),
        unread_if_silent=True,
    ),
    # no raw fish ("nothing with raw fish"): sashimi and the like offered go against it
    "no_raw_fish": Family(
        (r"\b(no|nothing with|without|not) raw fish\b|\bno (sushi|sashimi)\b", r"날 ?생선"),
        (r"\b(all )?(cooked|grilled|fried|baked)\b",),
        # (or raw seafood said as such: "its raw salmon roe and sea urchin bowl")
        (r"\b(sashimi|sushi|kaisen[- ]?don|poke|ceviche|tartare|crudo|sea urchin)\b|"
         r"\braw ([\w-]+ )?(salmon|tuna|fish|roe|prawns?|shrimps?|scallops?|oysters?|octopus|"
         r"squid|crab|seafood)\b", r"회덮밥|생선회|초밥"),
        unread_if_silent=True,
    ),
    # a fear of heights ("keep me off roads with sheer drops"): a route said to run along open
    # drops goes against it
    "avoid_drops": Family(
        (r"\b(sheer|steep|open) drops?\b|\bexposed (mountain )?roads?\b|"
         r"\b(afraid|terrified|scared) of heights\b", r"낭떠러지|절벽 ?(길|도로)"),
        (r"\b(no|without) (sheer |open |steep )?drops\b|\bvalley (road|route)\b",),
        (r"(?<!no )(?<!without )\b(sheer|open|steep|vertical) drops?\b|\bcliff[- ]edge\b",
         r"낭떠러지|절벽 ?(옆|따라)"),
        unread_if_silent=True,
    ),
    # a walk kept off for someone who cannot ("a lookout we can reach without walking, my knee's
    # shot"): broken by a trail of kilometres or hours, read only when the reply says either way
    "no_walking": Family(
        (r"\b(without|no) (walking|a walk|hiking|a hike)\b|\bcan'?t walk (far|much|at all)\b"
         r"|\b(bad|sore|dodgy|shot|busted) knees?\b|\bknee'?s (shot|bad|sore|gone)\b",
         r"(걷지|걸을 수|많이 걷|오래 걷)[^.]{0,6}(않|없|못|힘들)"),
        (r"\b(drive[- ]up|drive right up|from the car( park)?|right by the (car park|road)|"
         r"roadside|no walk(ing)? (needed|at all)|(a few|\d{1,2}) (steps|metres|meters) from the "
         r"(car|road|parking))\b",
         r"차에서 (바로|내리면)|주차장 바로 (앞|옆)"),
        (r"(?<!no )\b(\d+(\.\d+)? ?km (loop|walk|hike|trail|return|each way)|hike|hiking|"
         r"(\d+|two|three)([–-]\d+)? hours? (walk|hike|return|on foot)|steep (climb|path|walk))"
         r"\b",
         r"\d+(\.\d+)? ?km (산책로|둘레길|코스|걸어)|등산|산행"),
        unread_if_silent=True,
    ),
}
