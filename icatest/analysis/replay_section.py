"""The report section of a replayed run (`icatest replay RUN --failing` writes RUN/replay.json):
per failing conversation and failure, whether it reproduced, was flaky or is gone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from markupsafe import Markup, escape

REPLAY_FILE = "replay.json"


def replay_section(run_dir: Path) -> tuple[str, Markup] | None:
    """("Replay", html) when the run was replayed, else None."""
    path = run_dir / REPLAY_FILE
    if not path.is_file():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    summary = data.get("summary", {})
    rows = []
    for conv in data.get("conversations", []):
        for f in conv.get("failures", []):
            rows.append(
                f"<tr><td>{escape(conv['conversation_id'])}</td><td>{escape(f['turn'])}</td>"
                f'<td>{escape(f["label"])}</td><td class="replay-{escape(f["status"])}">'
                f'{escape(f["status"])}</td><td class="num">{escape(f["reproduced_in"])} of '
                f"{escape(conv['times'])}</td></tr>"
            )
    head = (
        '<p id="replay-summary">Each failing conversation was replayed '
        f"{escape(data.get('times'))} time(s): "
        f"{escape(summary.get('reproduced', 0))} reproduced every failure, "
        f"{escape(summary.get('flaky', 0))} were flaky, {escape(summary.get('gone', 0))} are gone."
        "</p>"
    )
    table = (
        '<table id="replay"><tr><th>conversation</th><th>turn</th><th>failure</th>'
        "<th>status</th><th>replays showing it</th></tr>" + "".join(rows) + "</table>"
    )
    return "Replay", Markup(head + table)
