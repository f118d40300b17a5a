"""A paraphrase family of one constraint: how a driver asks for it, what in a reply honours it,
what goes against it (the families: `families.py`, `site_families.py`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Family:
    asks: tuple[str, ...]  # how a driver phrases it
    honours: tuple[str, ...]  # evidence in a reply; empty: honoured unless broken
    breaks: tuple[str, ...] = ()  # evidence in a reply that goes against it
    # neither honoured nor broken in words is no evidence: an LLM says a house rule many ways
    unread_if_silent: bool = False
