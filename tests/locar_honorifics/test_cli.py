"""`icatest honorific ...` through icatest.cli.main(argv)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from icatest.cli import main


def _lines(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def _write(tmp_path: Path, rows: list[str]) -> Path:
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_check_jsonl(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, [
        json.dumps({"text": "안녕하세요. 반가워.", "level": "haeyo"}, ensure_ascii=False),
        "",
        json.dumps({"text": "도착했습니다.", "level": "hapsyo"}, ensure_ascii=False),
    ])  # fmt: skip
    assert main(["honorific", "check", "--jsonl", str(path)]) == 0
    out = _lines(capsys.readouterr().out)
    assert out == [
        {"ok": False, "sentences": [{"text": "안녕하세요.", "level": "haeyo"},
                                    {"text": "반가워.", "level": "hae"}]},
        {"ok": True, "sentences": [{"text": "도착했습니다.", "level": "hapsyo"}]},
    ]  # fmt: skip


def test_rewrite_jsonl(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, [
        json.dumps({"text": "같이 가자!", "level": "hapsyo"}, ensure_ascii=False),
        json.dumps({"text": "이건 주유소입니다.", "level": "haeyo"}, ensure_ascii=False),
    ])  # fmt: skip
    assert main(["honorific", "rewrite", "--jsonl", str(path)]) == 0
    assert _lines(capsys.readouterr().out) == [
        {"text": "같이 갑시다!", "level": "hapsyo", "ok": True},
        {"text": "이건 주유소예요.", "level": "haeyo", "ok": True},
    ]


@pytest.mark.parametrize("command", ["check", "rewrite"])
def test_bad_line_names_line_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    rows = ['{"text": "가요.", "level": "haeyo"}', '{"text": "가요.", "level": "x"}']
    path = _write(tmp_path, rows)
    assert main(["honorific", command, "--jsonl", str(path)]) == 2
    err = capsys.readouterr().err
    assert "line 2" in err and "invalid speech level" in err


def test_bad_json_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, ['{"text": "가요.", "level": "haeyo"}', "", "{not json"])
    assert main(["honorific", "check", "--jsonl", str(path)]) == 2
    assert "line 3" in capsys.readouterr().err


def test_invalid_level_exits_non_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["honorific", "check", "--level", "polite", "가요."]) != 0
    assert "invalid speech level" in capsys.readouterr().err
    assert main(["honorific", "rewrite", "--level", "formal", "가요."]) != 0


def test_check_text_json_and_exit_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["honorific", "check", "--level", "haeyo", "--json", "가요. 가자."]) == 1
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["ok"] is False and verdict["violations"][0]["level"] == "hae"
    assert main(["honorific", "check", "--level", "haeyo", "가요. 네."]) == 0


def test_rewrite_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["honorific", "rewrite", "--level", "hapsyo", "창문 좀 닫아 줘."]) == 0
    assert capsys.readouterr().out.strip() == "창문 좀 닫아 주십시오."


def test_fragment_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["honorific", "fragment", "근처 주유소 좀 찾아 줄래?"]) == 0
    assert capsys.readouterr().out.strip() == "근처 주유소 찾기"
