from __future__ import annotations

from pathlib import Path

import pytest

from icatest.errors import ConfigError
from icatest.locar.build.manual import detect_language, parse_manual, parse_manuals

MD = """# Lights {#lights}
Intro text of the category is not a subsection.
## Headlights {#lights.head}
### Switching on {#lights.head.on}
Turn the stalk to AUTO.
1. Turn the stalk.
2. Check the indicator.
```
# not a heading
```
#### Deeper detail
Folded into its parent.
### Beam range {#lights.head.range}
The beam reaches 120 m.
## Fog lights
Fog lights are on the bumper.
"""


def test_markdown_tree_keys_steps_and_folding(tmp_path: Path) -> None:
    f = tmp_path / "m.md"
    f.write_text(MD, encoding="utf-8")
    units = parse_manual(f)
    assert [u.path for u in units] == [
        ("Lights", "Headlights", "Switching on"),
        ("Lights", "Headlights", "Beam range"),
        ("Lights", "Fog lights"),
    ]
    on = units[0]
    assert on.source == "m.md#Lights/Headlights/Switching on"
    assert on.pair_key == "lights.head.on"
    assert on.steps == ("Turn the stalk.", "Check the indicator.")
    assert "# not a heading" in on.text and "Folded into its parent." in on.text
    assert units[2].pair_key is None and units[2].language == "en"


def test_html_headings_ids_ordered_steps_and_skipped_script(tmp_path: Path) -> None:
    f = tmp_path / "m.html"
    f.write_text(
        "<html><head><title>x</title><script>var a = '<h1>no</h1>';</script></head><body>"
        "<h1 id='c'>Cat</h1><h2>Sec</h2><h3 id='c.s.t'>Sub &amp; more</h3>"
        "<p>Para one.</p><ol><li>First step</li><li>Second step</li></ol>"
        "<h3>Other</h3><p>Text <b>bold</b> here.</p></body></html>", encoding="utf-8")
    units = parse_manual(f)
    assert [u.path for u in units] == [("Cat", "Sec", "Sub & more"), ("Cat", "Sec", "Other")]
    assert units[0].steps == ("First step", "Second step")
    assert units[0].pair_key == "c.s.t"
    assert units[1].text == "Text bold here."


def test_plain_text_numbered_headings_are_not_steps(tmp_path: Path) -> None:
    f = tmp_path / "m.txt"
    f.write_text("1 Seats\n1.1 Front seats\n1.1.1 Adjusting the seat\nPull the lever.\n"
                 "1. Pull the lever.\n2. Slide the seat.\n1.1.2 Seat heating\n"
                 "Heating has 3 levels.\n", encoding="utf-8")
    units = parse_manual(f)
    assert [u.path for u in units] == [("Seats", "Front seats", "Adjusting the seat"),
                                       ("Seats", "Front seats", "Seat heating")]
    assert units[0].steps == ("Pull the lever.", "Slide the seat.")


def test_sample_manuals_are_bilingual_and_paired(manuals_dir: Path) -> None:
    units = parse_manuals(manuals_dir)
    by_lang = {lang: {u.pair_key for u in units if u.language == lang} for lang in ("en", "ko")}
    assert len(by_lang["en"]) >= 10 and by_lang["en"] == by_lang["ko"]
    assert {u.file for u in units} == {"sample_manual.md", "climate.html"}


def test_language_detection_and_errors(tmp_path: Path) -> None:
    assert detect_language("충전구를 엽니다 (DC 150 kW)") == "ko"
    assert detect_language("Open the charging port") == "en"
    bad = tmp_path / "m.pdf"
    bad.write_text("x")
    with pytest.raises(ConfigError, match="unsupported manual format"):
        parse_manual(bad)
    empty = tmp_path / "e.md"
    empty.write_text("no headings at all\n")
    with pytest.raises(ConfigError, match="no headed sections"):
        parse_manual(empty)
