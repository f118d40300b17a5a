"""Judge calibration: agreement with humans and the oracle, re-judging, choosing ensembles."""

from typing import TYPE_CHECKING

from icatest.lazy import lazy_exports

if TYPE_CHECKING:  # the names for type checkers; at run time each loads on first use
    from icatest.calibration.annotation import judge_rows, sample_records, write_sheet
    from icatest.calibration.converters import (
        load_label_table,
        load_label_tables,
        read_abceval,
        read_fed,
    )
    from icatest.calibration.humans import CalibrationResults, DimensionAgreement, analyse
    from icatest.calibration.labels import LabelRow, LabelTable, read_labels, write_labels
    from icatest.calibration.oracle import OracleReport, compare_with_oracle
    from icatest.calibration.rejudge import JudgementRecord, read_judgements, rejudge_run
    from icatest.calibration.render import calibration_section
    from icatest.calibration.selection import select_judges

_EXPORTS = {
    "judge_rows": "annotation",
    "sample_records": "annotation",
    "write_sheet": "annotation",
    "load_label_table": "converters",
    "load_label_tables": "converters",
    "read_abceval": "converters",
    "read_fed": "converters",
    "CalibrationResults": "humans",
    "DimensionAgreement": "humans",
    "analyse": "humans",
    "LabelRow": "labels",
    "LabelTable": "labels",
    "read_labels": "labels",
    "write_labels": "labels",
    "OracleReport": "oracle",
    "compare_with_oracle": "oracle",
    "JudgementRecord": "rejudge",
    "read_judgements": "rejudge",
    "rejudge_run": "rejudge",
    "calibration_section": "render",
    "select_judges": "selection",
}
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)

__all__ = [
    "CalibrationResults",
    "DimensionAgreement",
    "JudgementRecord",
    "LabelRow",
    "LabelTable",
    "OracleReport",
    "analyse",
    "calibration_section",
    "compare_with_oracle",
    "judge_rows",
    "load_label_table",
    "load_label_tables",
    "read_abceval",
    "read_fed",
    "read_judgements",
    "read_labels",
    "rejudge_run",
    "sample_records",
    "select_judges",
    "write_labels",
    "write_sheet",
]
