"""The persona, assembled in exactly one place: instructions for a model, style for offline text."""

from __future__ import annotations

import random
import re

from icatest.contracts.scenario import Persona

_FILLER = re.compile(r"\b(please|could you|can you|would you|i need to|i would like to)\b\s*", re.I)


def persona_instructions(persona: Persona) -> str:
    """Text an LLM simulator is given to speak as this driver."""
    lines = [f"You are a driver with the persona '{persona.name}': {persona.description}"]
    lines += [f"- {s}" for s in persona.style]
    if persona.terse:
        lines.append("- Keep every utterance short, like a voice command.")
    if persona.language == "ko":
        lines.append("- Speak Korean.")
    return "\n".join(lines)


def style_utterance(text: str, persona: Persona, rng: random.Random) -> str:
    """Offline rendering: the persona's openers/closers, and terseness."""
    if persona.terse:
        text = _FILLER.sub("", text)
        text = text[:1].upper() + text[1:]
    opener = rng.choice(persona.opener) if persona.opener else ""
    closer = rng.choice(persona.closer) if persona.closer else ""
    if opener:
        text = f"{opener.rstrip()} {text[:1].lower() + text[1:]}"
    if closer:
        text = f"{text.rstrip()} {closer.strip()}"
    return text.strip()
