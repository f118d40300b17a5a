"""The report's headline and trust banners: said in words, and only when the figures need care."""

from __future__ import annotations

import json
from pathlib import Path

from runfactory import make_record, write_run

from icatest.analysis import load_run
from icatest.analysis.overview import banners, headline


def _run(tmp_path: Path, records, config: dict | None = None):
    root = write_run(tmp_path / "r", records)
    if config is not None:
        manifest = json.loads((root / "manifest.json").read_text())
        manifest["config"] = config
        (root / "manifest.json").write_text(json.dumps(manifest))
    return load_run(root)


def _passing(n: int) -> list:
    return [make_record(f"p{i}", decision="pass", score=0.9) for i in range(n)]


def test_unscored_banner_names_the_causes_and_ignores_budget_cuts(tmp_path: Path) -> None:
    cut = [make_record(f"b{i}", decision=None, score=None, termination="budget_exhausted",
                       is_complete=False) for i in range(3)]  # fmt: skip
    run = _run(tmp_path / "a", _passing(7) + cut)
    assert banners([run]) == []  # 3 of 10 unscored, but the budget ended them: by design

    broken = [make_record(f"u{i}", decision=None, score=None, termination="internal_error",
                          is_complete=False) for i in range(2)]  # fmt: skip
    run = _run(tmp_path / "b", _passing(8) + broken)
    [banner] = banners([run])
    assert banner.level == "error"
    assert (
        "2 of 10 conversations are unscored" in banner.text and "internal_error (2)" in banner.text
    )


def test_assistant_error_banner(tmp_path: Path) -> None:
    down = [make_record(f"d{i}", decision=None, score=None, termination="sut_unreachable",
                        is_complete=False) for i in range(5)]  # fmt: skip
    texts = " ".join(b.text for b in banners([_run(tmp_path / "down", _passing(5) + down)]))
    assert "5 of 10 conversations hit assistant errors" in texts and "sut check" in texts

    # assistant errors found while it was up are failures: a warning, never "unscored"
    found = [make_record(f"e{i}", decision="fail", score=None, termination="sut_error",
                         labels={1: ["assistant_error"]}, n_turns=2) for i in range(3)]  # fmt: skip
    [banner] = banners([_run(tmp_path / "found", _passing(7) + found)])
    assert banner.level == "warning"
    assert "3 of 10 conversations ended with an assistant error" in banner.text
    assert "count as failures" in banner.text


def test_offline_judge_banner_only_for_other_assistants(tmp_path: Path) -> None:
    offline = {"turn_judge": "offline", "conversation_judge": "offline"}
    own = _run(tmp_path / "own", _passing(4), {**offline, "sut": "http://127.0.0.1:8000/v1"})
    [banner] = banners([own])
    assert banner.level == "warning" and "offline judge" in banner.text
    assert "docs/offline_backend.md" in banner.text
    ref = _run(tmp_path / "ref", _passing(4), {**offline, "sut": "reference:none"})
    assert banners([ref]) == []
    judged = {"turn_judge": "openai/gpt-4.1", "conversation_judge": "openai/gpt-4.1"}
    model = _run(tmp_path / "model", _passing(4), {"sut": "http://127.0.0.1:8000/v1", **judged})
    assert banners([model]) == []


def test_headline_says_what_was_compared_and_by_whom(tmp_path: Path) -> None:
    config = {"sut": "reference", "turn_judge": "openai/gpt-4.1-mini",
              "conversation_judge": "openai/gpt-4.1"}  # fmt: skip
    run = _run(tmp_path, _passing(3), config)
    text = headline([run], {run.name: {"conversations": 3}})
    assert text == (
        f"Run {run.name} (3 conversations) against reference; turns judged by "
        "openai/gpt-4.1-mini, conversations by openai/gpt-4.1."
    )
