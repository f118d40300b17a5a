"""Valid structured answers for the fake model endpoint, told apart by the prompt's system text.

Loaded by the FakeOpenAI process (`--replies icatest.bench.fake_replies:reply`).
"""

from __future__ import annotations

import json
from typing import Any

_SIM = json.dumps({"utterance": "Take me to Garching and avoid highways.",
                   "addressed_target_ids": []})
_TURN = json.dumps({"findings": [], "target_updates": []})
# the conversation judge lists what it counted; the scores are computed from the items
_SCORES = {"checklist": [{"item": "Route to Garching", "status": "satisfied"}],
           "plan": {"multi_step_required": False}}
_CONV = json.dumps(_SCORES)
_FINAL = json.dumps({"turn": json.loads(_TURN), "conversation": _SCORES})


def reply(messages: list[dict[str, Any]]) -> str:
    system = str(messages[0].get("content", "")) if messages else ""
    if "You play a driver" in system:
        return _SIM
    if "This is the last turn" in system:
        return _FINAL
    if "judge one turn" in system:
        return _TURN
    return _CONV
