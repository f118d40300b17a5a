"""Korean in the report on a machine without a Korean font: the report embeds a subset of the
packaged Hangul font (icatest/analysis/fonts/, SIL Open Font License) holding exactly the Hangul
characters it contains, so no text depends on what the reader has installed.

The packaged font covers every modern Hangul syllable and the jamo (393 kB); a report's subset
is a few kB per hundred distinct syllables. Hangul only: Hanja and other scripts fall back to the
reader's fonts as before.
"""

from __future__ import annotations

import base64
import io
import re
from functools import lru_cache
from importlib import resources

from markupsafe import Markup

FAMILY = "icatest Hangul"
FONT_FILE = "fonts/IcatestHangul-Regular.woff"
RANGES = ((0x1100, 0x11FF), (0x3130, 0x318F), (0xAC00, 0xD7A3))
UNICODE_RANGE = ", ".join(f"U+{lo:04X}-{hi:04X}" for lo, hi in RANGES)
_HANGUL = re.compile("[" + "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi in RANGES) + "]")
PLACEHOLDER = "/* icatest-hangul-font-face */"  # in the template's <style>, replaced once


def hangul_in(text: str) -> list[str]:
    """The distinct Hangul characters of `text`, sorted."""
    return sorted(set(_HANGUL.findall(text)))


@lru_cache(maxsize=8)
def subset_font(chars: tuple[str, ...]) -> bytes:
    """A WOFF font holding only `chars` (and what their shaping needs)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    packaged = resources.files("icatest.analysis").joinpath(FONT_FILE).read_bytes()
    font = TTFont(io.BytesIO(packaged))
    options = subset.Options()
    options.flavor = "woff"  # zlib: no brotli needed to write or read it
    options.name_IDs = ["*"]  # keep the copyright and licence names
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in chars])
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def font_face(text: str) -> Markup:
    """The @font-face rule embedding the Hangul of `text`; empty when there is none."""
    chars = hangul_in(text)
    if not chars:
        return Markup("")
    data = base64.b64encode(subset_font(tuple(chars))).decode("ascii")
    return Markup(
        f'@font-face {{ font-family: "{FAMILY}"; font-display: block; '
        f'src: url(data:font/woff;base64,{data}) format("woff"); '
        f"unicode-range: {UNICODE_RANGE}; }}"
    )


def with_font(html: str) -> str:
    """`html` with the font placeholder of its <style> (the first after "<style>": nothing from
    the data comes before it there) replaced by the rule for the Hangul it contains."""
    at = html.find(PLACEHOLDER, html.find("<style>"))
    if at < 0:
        return html
    return html[:at] + str(font_face(html)) + html[at + len(PLACEHOLDER) :]
