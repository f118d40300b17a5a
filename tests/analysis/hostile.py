"""A failing conversation whose every text field is hostile markup, for escaping checks."""

from __future__ import annotations

from runfactory import make_record

from icatest.contracts import ConversationRecord

SCRIPT = "<script>alert(1)</script>"
BREAKOUT = '</details></summary><img src=x onerror="alert(2)"> \'single\' "double" & amp'
CONTROLS = "bell\x07 escape\x1b[31m nul\x00 end"
RATIONALE = "<b id='injected-bold'>bold</b> </div></body>"


def hostile_record() -> ConversationRecord:
    record = make_record(
        "hostile",
        labels={0: {"constraint_missed": RATIONALE}},
        texts=[(SCRIPT, BREAKOUT), (CONTROLS, None)],
        n_turns=2,
        seed_phrase=f"{SCRIPT} seed",
        ended_at=1060.0,
    )
    record.turns[1].sut_error = "<iframe src='http://example.invalid'></iframe>"
    return record
