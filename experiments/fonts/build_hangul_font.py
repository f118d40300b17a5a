"""Build the report's packaged Hangul font from NanumGothic (SIL Open Font License 1.1).

    apt-get download fonts-nanum && dpkg-deb -x fonts-nanum_*.deb nanum
    FONT=nanum/usr/share/fonts/truetype/nanum/NanumGothic.ttf
    python experiments/fonts/build_hangul_font.py $FONT

Keeps the Hangul syllables (U+AC00-D7A3) and jamo (U+1100-11FF, U+3130-318F), drops hinting,
and renames the family: the OFL reserves the name "Nanum" for the original, so a modified version
(a subset is one) carries another name. Writes icatest/analysis/fonts/IcatestHangul-Regular.woff
(zlib-compressed WOFF: reading it needs no brotli) beside the licence text. The report then
embeds, per report, a subset holding only the syllables it contains (icatest/analysis/hangul.py).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

OUT = Path(__file__).resolve().parents[2] / "icatest" / "analysis" / "fonts"
FAMILY = "icatest Hangul"
LICENCE = "This Font Software is licensed under the SIL Open Font License, Version 1.1."
LICENCE_URL = "https://openfontlicense.org"
RANGES = ((0xAC00, 0xD7A3), (0x1100, 0x11FF), (0x3130, 0x318F))


def build(source: Path) -> Path:
    font = TTFont(source)
    cmap = font.getBestCmap()
    wanted = [c for c in cmap if any(lo <= c <= hi for lo, hi in RANGES)]
    options = subset.Options()
    options.hinting = False
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    options.drop_tables += ["TSI0", "TSI1", "TSI2", "TSI3", "TSI5"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=wanted)
    subsetter.subset(font)
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 4, 16, 21):
            names.setName(FAMILY, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 6:
            names.setName("IcatestHangul-Regular", 6, record.platformID, record.platEncID,
                          record.langID)  # fmt: skip
        elif record.nameID == 3:
            names.setName(f"{FAMILY} 1.0", 3, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 13:
            names.setName(LICENCE, 13, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 14:
            names.setName(LICENCE_URL, 14, record.platformID, record.platEncID, record.langID)
    font.flavor = "woff"
    out = OUT / "IcatestHangul-Regular.woff"
    font.save(out)
    print(f"{len(wanted)} characters -> {out} ({out.stat().st_size} bytes)")
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="NanumGothic.ttf")
    build(parser.parse_args().source)
