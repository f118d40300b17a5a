"""Judge calibration: agreement with humans and the oracle, re-judging, choosing ensembles."""

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
