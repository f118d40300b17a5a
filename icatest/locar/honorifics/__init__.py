"""Korean speech levels (hae / haeyo / hapsyo): verifier, offline rewriter, keyword fragments.

All analysis uses kiwipiepy offline (the model ships with the package); one Kiwi instance is
constructed lazily and shared. See docs/honorifics.md for rules, test set and measured figures.
"""

from icatest.locar.honorifics.classifier import analyze, classify_sentence, verify
from icatest.locar.honorifics.fragments import fragment
from icatest.locar.honorifics.levels import (
    TARGET_LEVELS,
    Level,
    Rewrite,
    SentenceLevel,
    Verification,
    Violation,
    parse_level,
)
from icatest.locar.honorifics.rewriter import rewrite

__all__ = [
    "TARGET_LEVELS",
    "Level",
    "Rewrite",
    "SentenceLevel",
    "Verification",
    "Violation",
    "analyze",
    "classify_sentence",
    "fragment",
    "parse_level",
    "rewrite",
    "verify",
]
