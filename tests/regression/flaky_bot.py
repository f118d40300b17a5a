"""An assistant for `--sut python:tests.regression.flaky_bot:reply` that is flaky on purpose:
its first answer about Garching is a generic can't-help, every later one a route."""

from __future__ import annotations

STATE = {"garching_calls": 0}


def reply(utterance: str, history: list[dict[str, str]]) -> str:
    if "Garching" not in utterance:
        return "OK."
    STATE["garching_calls"] += 1
    if STATE["garching_calls"] == 1:
        return "Sorry, I can't help with that."
    return "Starting route guidance to Garching, 25 minutes."
