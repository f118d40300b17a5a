"""A thing the driver rules out in a constraint ("not burgers", "something that isn't sushi",
"회 말고", "메밀 없는 메뉴", "익힌 낙지 (산낙지 제외)") held against the reply: its words in
the reply offer it, unless the reply rules it out too (`constraints.py` reads the verdict)."""

from __future__ import annotations

import re

from icatest.judges.rules.checked import Check, Checked
from icatest.judges.rules.korean import is_korean
from icatest.judges.rules.text import content_stems

# A thing the driver rules out ("not burgers", "something that isn't sushi", "no chains",
# "회 말고"): its words in the reply offer it, unless the reply rules it out too ("no burgers
# here"); without its words the reply may or may not offer it (a name says no cuisine).
NEGATED = re.compile(
    r"^\W*(?:(?:something|somewhere|anything|a place|one)\s+)?(?:that\s+)?(?:is\s+not|isn'?t|"
    r"not|no|without|other than|except|anything but)\s+(?P<x>[\w' -]+?)\W*$"
    # a kind of road kept away from ("avoid roads with tram lines", "stay off streets with
    # cobbles"): the thing the roads have
    r"|^\W*(?:avoid|stay off|keep off|keep me off)\s+(?:the\s+)?(?:roads?|streets?|routes?)\s+"
    r"(?:with|that have|along)\s+(?P<r>[\w' -]+?)\W*$"
    r"|^\W*(?P<k>[가-힣 ]+?)\s?(?:은|는)?\s?(?:말고|빼고|제외하고|아닌 ?곳|아닌 ?데)\W*$"
    # a thing left out of what is offered ("메밀 없는 메뉴", "견과류 안 들어간 음식")
    r"|^\W*(?P<o>[가-힣]+?)(?:이|가)?\s?(?:없는|안 들어간|안 들어가는|들어가지 않은|빠진|뺀)"
    r"(?:\s[가-힣]+)?\W*$",
    re.I)
# The thing said to be left out in Korean ("메밀 없는", "메밀은 안 들어가요", "메밀 빼고")
KO_LEFT_OUT = r"(이|가|은|는|을|를)?\s?(없는|없이|빼고|뺀|빠진|안 들어|들어가지 않|안 넣|넣지 않)"


# ... or a thing set aside within the constraint ("익힌 낙지 (산낙지 제외)")
KO_EXCEPT = re.compile(r"(?P<e>[가-힣]{2,})(?:은|는)? ?(?:제외|빼고|말고)")


def thing_ruled_out(constraint: str, low: str) -> Checked | None:
    """A thing the driver rules out held against the reply; None if the constraint rules
    nothing out."""
    m = NEGATED.match(constraint.strip()) or KO_EXCEPT.search(constraint)
    if not m:
        return None
    groups = m.groupdict()
    thing = next((g for g in (groups.get(k) for k in "xkroe") if g), "").strip().lower()
    stems = content_stems(thing)
    # a Korean thing said inside a compound ("새우튀김") is said all the same
    said = thing in low if is_korean(thing) else stems <= content_stems(low)
    if not stems or not said:
        return Checked(Check.UNKNOWN, f"the reply does not say whether it offers {thing}")
    if re.search(rf"\b(no|not|without|non-?|avoid\w*|away from|clear of|off)\s+(the\s+)?"
                 rf"{re.escape(thing)}", low) or re.search(re.escape(thing) + KO_LEFT_OUT, low):
        return Checked(Check.HONOURED, f"the reply rules out {thing} too")
    return Checked(Check.MISSED, f"the reply offers {thing}, which the driver ruled out")
