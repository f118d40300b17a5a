from __future__ import annotations

from pathlib import Path

import pytest

from icatest.errors import ConfigError
from icatest.locar.build.taxonomy import fill, josa, load_taxonomy, slot_combinations


def test_shipped_navigation_taxonomy_shape(taxonomy_path: Path) -> None:
    tax = load_taxonomy(taxonomy_path)
    assert len(tax.categories) == 7
    subs = tax.subcategories()
    assert len(subs) == 28
    assert all(s.description and s.slots and s.templates for _, s in subs)
    names = {c.key for c in tax.categories}
    assert {"destination_search", "route_options", "traffic", "charging_and_fuel",
            "points_of_interest", "guidance_settings", "cross_category"} == names


@pytest.mark.parametrize(("word", "particle", "expected"), [
    ("서울역", "을", "서울역을"), ("회사", "을", "회사를"), ("집", "으로", "집으로"),
    ("회사", "으로", "회사로"), ("마일", "으로", "마일로"), ("오후 6시", "과", "오후 6시와"),
    ("테헤란로 12", "으로", "테헤란로 12로"), ("ATM", "을", "ATM을"), ("편의점", "이", "편의점이"),
])
def test_korean_particles_follow_final_consonant(word: str, particle: str, expected: str) -> None:
    assert josa(word, particle) == expected


def test_fill_uses_language_side_of_slot_values() -> None:
    values = {"place": "Seoul Station|서울역"}
    assert fill("Go to {place}.", values, "en") == "Go to Seoul Station."
    assert fill("{place:을} 찾았습니다.", values, "ko") == "서울역을 찾았습니다."


def test_slot_combinations_are_bounded(taxonomy_path: Path) -> None:
    sub = load_taxonomy(taxonomy_path).categories[0].subcategories[0]
    assert len(slot_combinations(sub, 2)) == 2


def test_bad_taxonomy_names_file_and_field(tmp_path: Path) -> None:
    f = tmp_path / "t.yaml"
    f.write_text("name: t\ncategories:\n  - key: a\n    name: A\n    subcategories:\n"
                 "      - key: b\n        name: B\n        description: d\n"
                 "        slots: {x: ['no pipe']}\n        templates: []\n")
    with pytest.raises(ConfigError) as err:
        load_taxonomy(f)
    assert str(f) in str(err.value) and "slots" in str(err.value)
