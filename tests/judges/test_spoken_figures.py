"""Spoken figures read as digits (icatest/judges/rules/spoken.py): durations, distances, prices,
speeds and clock times a voice assistant speaks, each clock time in the half day nearest the
turn's clock; number words that are no figure stay words."""

from __future__ import annotations

import pytest

from icatest.judges.rules.spoken import figures, number, unhesitating

NOW = 16 * 60 + 50  # 16:50


@pytest.mark.parametrize(("said", "digits"), [
    ("about twenty five minutes", "about 25 minutes"),
    ("eight point five kilometres away", "8.5 kilometres away"),
    ("about two hundred and ninety euros a night", "about 290 euros a night"),
    ("the tolls come to nine euros fifty", "the tolls come to 9.50 euros"),
    ("one euro eighty an hour", "1.80 euro an hour"),
    ("a hundred and ten kilometres an hour", "110 km/h"),
    ("about an hour and forty minutes", "about 1 hour 40 minutes"),
    ("about two hours fifty", "about 2 hours 50 minutes"),
    ("the stadium at about twenty to seven", "the stadium at about 18:40"),
    ("be there by half six", "be there by 18:30"),
    ("quarter past five", "17:15"),
    ("back at ten o'clock", "back at 22:00"),
    ("a slot at two fifteen", "a slot at 14:15"),
    ("it opens at nine tomorrow morning", "it opens at 09:00 tomorrow morning"),
    ("by seven", "by 19:00"),
])
def test_spoken_figures_read_as_digits(said: str, digits: str) -> None:
    assert figures(said, NOW) == digits


@pytest.mark.parametrize("said", [
    "the stonegate one please",
    "a table for six at the osteria",
    "there are two tyre shops close by",
    "at one of the chargers",
    "we're a party of four",
])
def test_words_that_are_no_figure_stay(said: str) -> None:
    assert figures(said, NOW) == said


def test_without_a_clock_the_hour_is_read_as_said() -> None:
    assert figures("twenty past eight") == "08:20"
    assert number("a hundred and forty") == 140


@pytest.mark.parametrize(("said", "read"), [
    ("a charger within uh five kilometres", "a charger within five kilometres"),
    ("how far to uh to the castle from here", "how far to the castle from here"),
    ("a bakery that's um that's open late", "a bakery that's open late"),
    ("the umbrella shop on erm market street", "the umbrella shop on market street"),
    ("uh", "uh"),
])
def test_hesitations_are_dropped(said: str, read: str) -> None:
    assert unhesitating(said) == read


@pytest.mark.parametrize(("said", "read"), [
    ("first the bank no wait the post office first then home", "the post office first then home"),
    ("ring sam no not sam ring priya", "ring priya"),
    ("take me to the hilton no not the hilton the marriott", "take me to the marriott"),
    ("Find a cafe. No, not a cafe, a bakery.", "Find a bakery."),
    ("no, not really", "no, not really"),
])
def test_a_self_correction_keeps_what_was_meant(said: str, read: str) -> None:
    assert unhesitating(said) == read
