"""A tiny data folder and scripted assistants for engine tests."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from icatest.catalog import Catalog, load_catalog
from icatest.contracts import SutReply
from icatest.data import packaged_path

SEEDS = """
pool: test
seeds:
  - id: garching
    phrase: Drive to Garching without highways
    targets:
      - description: Route to Garching avoiding highways
        kind: navigate
        slots: {destination: Garching}
        constraints: [avoid_highways]
  - id: lunch
    phrase: Lunch on the way to the airport, then the airport by 6pm
    targets:
      - description: Cheap restaurant on the way to Munich Airport
        kind: find_poi
        slots: {category: restaurant, destination: Munich Airport}
        constraints: [cheap, parking]
      - description: Route to Munich Airport by 6pm
        kind: navigate
        slots: {destination: Munich Airport}
        constraints: [avoid_highways, "arrive_by:18:00"]
    extra_requests:
      - description: Open the sunroof
        kind: vehicle
        slots: {setting: sunroof}
"""


def make_catalog(tmp: Path, *, strategies: bool = True) -> Catalog:
    (tmp / "personas").mkdir(parents=True)
    (tmp / "seeds").mkdir()
    (tmp / "personas" / "neutral.yaml").write_text("name: neutral\ndescription: plain driver\n")
    (tmp / "personas" / "polite.yaml").write_text(
        "name: polite\ndescription: courteous\n"
        "opener: ['Could you please']\ncloser: ['Thank you!']\n"
    )
    (tmp / "seeds" / "test.yaml").write_text(SEEDS)
    if strategies:
        shutil.copytree(packaged_path("strategies"), tmp / "strategies")
    else:
        (tmp / "strategies").mkdir()
    return load_catalog(tmp, only_user_data=True)


class ScriptedSession:
    """An in-process assistant: reply = script(utterance, turn)."""

    def __init__(self, script: Callable[[str, int], str | SutReply]) -> None:
        self.script = script
        self.sent: list[str] = []

    async def send(self, utterance: str) -> SutReply:
        self.sent.append(utterance)
        out = self.script(utterance, len(self.sent) - 1)
        return out if isinstance(out, SutReply) else SutReply(text=out, latency_s=0.0)

    async def close(self) -> None:
        return None


def always(text: str) -> Callable[[str, int], str]:
    return lambda _u, _t: text


GOOD_GARCHING = (
    "Route to Garching: 18 km, 25 min, arriving at 12:30. Avoiding highways. "
    "Weather and traffic: sunny, light traffic."
)
