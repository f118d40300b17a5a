"""Korean in the report does not depend on the reader's fonts: the report embeds a subset of the
packaged Hangul font holding exactly the Hangul it contains (icatest/analysis/hangul.py)."""

from __future__ import annotations

import base64
import io
import re
from importlib import resources
from pathlib import Path

from fontTools.ttLib import TTFont
from runfactory import make_record, write_run

from icatest.analysis.hangul import FAMILY, FONT_FILE, PLACEHOLDER, hangul_in
from icatest.analysis.workflow import write_report

KOREAN = [("프라이징까지 가장 빠른 길 알려 주세요", "경로를 찾았어요. 출발합니다. ㅎㅎ"),
          ("고마워요", None)]  # fmt: skip


def _embedded(html: str) -> TTFont:
    (data,) = re.findall(r"url\(data:font/woff;base64,([A-Za-z0-9+/=]+)\)", html)
    return TTFont(io.BytesIO(base64.b64decode(data)))


def _report(tmp_path: Path, texts) -> str:  # type: ignore[no-untyped-def]
    record = make_record("k1", texts=texts, n_turns=len(texts), seed_phrase=texts[0][0])
    run = write_run(tmp_path / "ko", [record])
    write_report([run], model=None)
    return (run / "report.html").read_text(encoding="utf-8")


def test_the_report_carries_the_hangul_it_contains(tmp_path: Path) -> None:
    html = _report(tmp_path, KOREAN)
    chars = hangul_in(html)
    assert "경" in chars and "ㅎ" in chars  # a syllable and a compatibility jamo
    font = _embedded(html)
    cmap = font.getBestCmap()
    assert [c for c in chars if ord(c) not in cmap] == []
    assert len(cmap) < len(chars) + 5  # a subset: these characters, not the whole script
    assert font["name"].getDebugName(1) == FAMILY
    # the page may use it: the CSP allows data: fonts, the stack names the family first for CJK
    assert "font-src data:" in html
    assert f'font-family: "{FAMILY}"' in html and f'body {{ font-family: "{FAMILY}", ' in html
    assert PLACEHOLDER not in html
    assert len(base64.b64decode(re.search(r"base64,([^)]+)\)", html).group(1))) < 20_000


def test_a_report_without_hangul_embeds_no_font(tmp_path: Path) -> None:
    html = _report(tmp_path, [("Take me to Garching", "Starting route guidance to Garching.")])
    assert "@font-face" not in html and PLACEHOLDER not in html


def test_the_placeholder_in_data_is_left_alone(tmp_path: Path) -> None:
    html = _report(tmp_path, [(f"경로 {PLACEHOLDER}", "네")])
    assert html.count("@font-face") == 1 and PLACEHOLDER in html.split("</style>", 1)[1]


def test_the_packaged_font_covers_modern_hangul_under_its_licence() -> None:
    folder = resources.files("icatest.analysis").joinpath("fonts")
    font = TTFont(io.BytesIO(folder.joinpath(Path(FONT_FILE).name).read_bytes()))
    cmap = font.getBestCmap()
    assert all(c in cmap for c in range(0xAC00, 0xD7A4))  # all 11,172 syllables
    assert all(c in cmap for c in range(0x3131, 0x318F))  # compatibility jamo
    licence = folder.joinpath("OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE" in licence and "Reserved Font Name" in licence
    assert "Nanum" not in str(font["name"].getDebugName(1))  # a reserved name stays unused
