"""One pass over a run's records: everything the report, the metrics and the clusters need.

Each record is validated, folded into its digest (analysis/digest.py), its browser row encoded
and compressed, and, when it failed, its failure text kept for the clusters; then it is dropped.
A run directory of 10,000 conversations is so read once and never held whole in memory.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from icatest.analysis.browser import RowPack
from icatest.analysis.dedup import failure_text
from icatest.analysis.digest import RecordDigest, digest
from icatest.contracts import ConversationRecord


@dataclass
class RunScan:
    """What one pass over a run's records leaves."""

    digests: list[RecordDigest] = field(default_factory=list)
    failure_texts: dict[str, str] = field(default_factory=dict)  # failing conversation -> text
    models: dict[str, str] = field(default_factory=dict)  # role -> model, as the records say
    page: RowPack = field(default_factory=RowPack)

    def by_id(self) -> dict[str, RecordDigest]:
        return {d.conversation_id: d for d in self.digests}


def scan_records(run_name: str, records: Iterable[ConversationRecord]) -> RunScan:
    """Fold `records` (read once, one at a time) into a `RunScan`."""
    scan = RunScan()
    for record in records:
        summary = digest(record)
        scan.digests.append(summary)
        scan.models.update(record.models)
        if summary.success_decision == "fail":
            scan.failure_texts[record.conversation_id] = failure_text(record)
        scan.page.add(run_name, record)
    scan.page.finish()
    return scan
