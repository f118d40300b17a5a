"""Re-judging a recorded or imported log whose context writes the vehicle state as text."""

from __future__ import annotations

import pytest
from calibration_builders import record

from icatest.calibration.rejudge import scenario_for
from icatest.errors import ConfigError


def test_recorded_and_imported_contexts_read_text_vehicles() -> None:
    recorded = record("c1", [None])
    full = recorded.model_copy(update={"context": {**recorded.context, "vehicle": "parked"}})
    assert scenario_for(full).context.parked
    # an imported log's context without an id: the lenient path reads the vehicle too
    imported = recorded.model_copy(
        update={"context": {"location": "Munich", "vehicle": "moving at 40 km/h"}}
    )
    assert scenario_for(imported).context.speed_now() == 40.0
    bad = recorded.model_copy(update={"context": {"location": "Munich", "vehicle": "hovering"}})
    with pytest.raises(ConfigError, match="context.vehicle.*'hovering'"):
        scenario_for(bad)
