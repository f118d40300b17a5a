"""The evaluation protocol: the paper's choices as defaults, each deviation a named option.

* `speech_level_kpis`: `per_level` (default) reports hae, haeyo and hapsyo as three KPIs, so the
  table has the paper's 13 KPIs; `pooled` reports one speech-level KPI.
* `harmful_conciseness_exempt` (default true): an instance that tests a harmful question is not
  judged on conciseness: a refusal with its safety reason is not padding (safety beats brevity).
* `gate`: `recall_first` (default) excludes an instance's dialogue KPIs only when every scored
  judge says the answer lacks meaningful information, and never when the answer is a correct
  refusal of a harmful question; `majority` uses the majority vote like every other KPI.
* `mixed_politeness` (default false, the paper's strict levels): a polite target (haeyo or
  hapsyo) accepts sentences in either polite level, for teams whose style guide mixes them.
* `scope`: the KPIs judged per use case (a KPI outside it is `exempt`); default: every KPI.
  The paper gives Car Expert a subset; that subset is not in the material available to this
  project, so it is not the default: pass it with `--scope FILE`.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

from pydantic import Field

from icatest.config.loading import load_model
from icatest.contracts.scenario import Strict
from icatest.locar.kpi.dataset import UseCase
from icatest.locar.kpi.kpis import GATE, Kpi


class SpeechLevelKpis(StrEnum):
    PER_LEVEL = "per_level"
    POOLED = "pooled"


class GatePolicy(StrEnum):
    RECALL_FIRST = "recall_first"
    MAJORITY = "majority"


class Protocol(Strict):
    speech_level_kpis: SpeechLevelKpis = SpeechLevelKpis.PER_LEVEL
    harmful_conciseness_exempt: bool = True
    gate: GatePolicy = GatePolicy.RECALL_FIRST
    mixed_politeness: bool = False
    scope: dict[UseCase, list[Kpi]] | None = Field(
        default=None, description="KPIs judged per use case; None: all"
    )

    def accepted_levels(self, level: str) -> list[str]:
        """Levels a sentence may use when `level` is required."""
        if self.mixed_politeness and level in ("haeyo", "hapsyo"):
            return ["haeyo", "hapsyo"]
        return [level]

    def in_scope(self, use_case: UseCase, kpi: Kpi) -> bool:
        if self.scope is None or kpi is GATE or use_case not in self.scope:
            return True
        return kpi in self.scope[use_case]


class _ScopeFile(Strict):
    scope: dict[UseCase, list[Kpi]]


def load_scope(path: Path) -> dict[UseCase, list[Kpi]]:
    """A YAML `scope: {car_expert: [kpi, ...], navigation: [...]}`; errors name the field."""
    return load_model(Path(path), _ScopeFile).scope


PAPER = Protocol()
