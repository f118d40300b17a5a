"""Judge calibration: agreement with humans, with the reference oracle, re-judging, ensembles."""

from icatest.calibration.annotation import judge_rows, sample_records, write_sheet
from icatest.calibration.converters import (
    load_label_table,
    load_label_tables,
    read_abceval,
    read_fed,
)
from icatest.calibration.ensemble import (
    EnsembleConversationJudge,
    EnsembleTurnJudge,
    majority_conversation_verdict,
    majority_turn_verdict,
    select_judges,
)
from icatest.calibration.humans import CalibrationResults, DimensionAgreement, analyse
from icatest.calibration.labels import LabelRow, LabelTable, read_labels, write_labels
from icatest.calibration.oracle import OracleReport, compare_with_oracle
from icatest.calibration.rejudge import JudgementRecord, read_judgements, rejudge_run
from icatest.calibration.render import calibration_section

__all__ = [
    "CalibrationResults",
    "DimensionAgreement",
    "EnsembleConversationJudge",
    "EnsembleTurnJudge",
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
    "majority_conversation_verdict",
    "majority_turn_verdict",
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
