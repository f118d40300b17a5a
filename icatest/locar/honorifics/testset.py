"""The labelled speech-level test set: hand-written in-car sentences plus a SmileStyle sample.

* `data/incar_sentences.jsonl` — our own in-car sentences, one `{"text", "level", "kind"}` a line.
* SmileStyle (github.com/smilegate-ai/korean_smile_style_dataset, CC BY-NC 4.0) — only the
  selection is stored here (`data/smilestyle_selection.json`: row numbers, columns, reviewed
  label corrections), never its sentences: they are read at run time from the corpus file the
  user passes (`--tsv PATH/smilestyle_dataset.tsv`, or `$ICATEST_SMILESTYLE_TSV`).

SmileStyle labels are derived without the verifier: the column gives the intended style
(`informal` -> hae, `formal` -> haeyo, `gentle` -> hapsyo, checked by reading rows), but its
sentences do not always keep it (the `formal` column holds many 합쇼체 sentences), so each
sentence is relabelled from its written final syllables (`surface_level`: ...ㅂ니다/습니까/
십시오/ㅂ시다 -> hapsyo, ...요/죠 -> haeyo, otherwise the column's level for `informal`, else
unknown), then every sentence where that label and the verifier disagreed was read and, where the
surface rule was wrong, corrected in the selection file's `overrides` with a note.
"""

from __future__ import annotations

import csv
import json
import os
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from icatest.errors import ConfigError
from icatest.locar.honorifics.levels import Level

COLUMN_LEVELS = {"informal": Level.HAE, "formal": Level.HAEYO, "gentle": Level.HAPSYO}
_SENTENCE_BREAK = re.compile(r"(?<=[.?!])\s+")
_HANGUL_TAIL = re.compile(r"[가-힣]+(?=[^가-힣]*$)")
_HAPSYO_TAILS = ("니다", "니까", "시오", "시다")


@dataclass(frozen=True)
class LabelledSentence:
    """One test sentence, its gold level, and where it comes from (for error reports)."""

    text: str
    level: Level
    source: str
    ref: str


def _data_file(name: str) -> str:
    return resources.files("icatest.locar.honorifics").joinpath("data", name).read_text("utf-8")


def load_incar() -> list[LabelledSentence]:
    """The hand-written in-car sentences."""
    out = []
    for n, line in enumerate(_data_file("incar_sentences.jsonl").splitlines(), start=1):
        if line.strip():
            row = json.loads(line)
            out.append(LabelledSentence(row["text"], Level(row["level"]), "incar", f"line {n}"))
    return out


def _has_final_b(syllable: str) -> bool:
    """True when a Hangul syllable ends in ㅂ (합, 갑, 입, 습...)."""
    return (ord(syllable) - 0xAC00) % 28 == 17


def surface_level(sentence: str, column: str) -> Level:
    """Label from the written final syllables only (independent of Kiwi), used to relabel."""
    match = _HANGUL_TAIL.search(sentence)
    tail = match.group(0) if match else ""
    if len(tail) >= 3 and tail.endswith(_HAPSYO_TAILS) and _has_final_b(tail[-3]):
        return Level.HAPSYO
    if tail.endswith(("요", "죠")):
        return Level.HAEYO
    return Level.HAE if column == "informal" and tail else Level.UNKNOWN


def default_tsv_path() -> Path:
    """The SmileStyle TSV named by $ICATEST_SMILESTYLE_TSV (the corpus is not shipped)."""
    env = os.environ.get("ICATEST_SMILESTYLE_TSV")
    if not env:
        raise ConfigError(
            "--tsv", "the SmileStyle corpus is not shipped: pass its smilestyle_dataset.tsv "
            "(or set ICATEST_SMILESTYLE_TSV)"
        )
    return Path(env)


def read_rows(path: Path) -> list[dict[str, str]]:
    if not path.is_file():
        raise ConfigError(str(path), "SmileStyle TSV not found (set ICATEST_SMILESTYLE_TSV)")
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def load_smilestyle(path: Path | None = None) -> list[LabelledSentence]:
    """The selected SmileStyle sentences, relabelled (see the module docstring)."""
    selection = json.loads(_data_file("smilestyle_selection.json"))
    overrides: dict[str, dict[str, str]] = selection["overrides"]
    rows = read_rows(path or default_tsv_path())
    out = []
    for row_number in selection["rows"]:
        for column in selection["columns"]:
            cell = rows[row_number][column].strip()
            for i, text in enumerate(s for s in _SENTENCE_BREAK.split(cell) if s.strip()):
                ref = f"{row_number}:{column}:{i}"
                level = Level(overrides[ref]["level"]) if ref in overrides else None
                level = level or surface_level(text, column)
                out.append(LabelledSentence(text, level, "smilestyle", ref))
    return out


def load_testset(path: Path | None = None) -> list[LabelledSentence]:
    """The whole labelled set: in-car sentences then the SmileStyle sample."""
    return load_incar() + load_smilestyle(path)
