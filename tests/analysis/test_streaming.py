"""The report reads a run directory once, one record at a time (analysis/scan.py), and gives
the numbers it gave from every record loaded; the embedding cache makes a second report on a
grown run embed only the new failure texts."""

from __future__ import annotations

import base64
import gzip
import json
from pathlib import Path

import numpy as np
import pytest
from runfactory import known_run_records, make_record, write_run

from icatest.analysis.browser import browser_data
from icatest.analysis.clusters import EMBED_SAMPLE, cluster_runs, text_sample
from icatest.analysis.digest import digest
from icatest.analysis.embedding import HashingEmbedder
from icatest.analysis.metrics import compute_metrics
from icatest.analysis.run import Run, load_run
from icatest.analysis.workflow import build_metrics, write_report
from icatest.contracts import ConversationRecord
from icatest.embeddings import read_limit
from icatest.storage import rundir


class CountingEmbedder(HashingEmbedder):
    """The hashing embedder, remembering every text it was asked to embed."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    def embed(self, texts):  # type: ignore[no-untyped-def]
        self.seen.extend(texts)
        return super().embed(texts)


def _mixed(n: int, start: int = 0) -> list[ConversationRecord]:
    """n records cycling through the known run's shapes, each failing one with its own words
    (so every failure text is new)."""
    base = known_run_records()
    out = []
    for i in range(start, start + n):
        record = base[i % len(base)]
        update: dict[str, object] = {"conversation_id": f"{record.conversation_id}-{i:05d}",
                                     "ended_at": 1000.0 + i, "scenario_index": i}  # fmt: skip
        if record.success_decision == "fail":
            turns = [t.model_copy(update={"user": f"{t.user} (case {i})"}) for t in record.turns]
            update["turns"] = turns
        out.append(record.model_copy(update=update))
    return out


@pytest.fixture
def no_record_list(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Forbid `Run.records` (every record at once) and count the passes over each run."""
    passes: list[int] = []
    iterate = Run.iter_records

    def counted(self: Run):  # type: ignore[no-untyped-def]
        passes.append(1)
        return iterate(self)

    def forbidden(self: Run) -> list[ConversationRecord]:
        raise AssertionError("the report loaded every record at once")

    monkeypatch.setattr(Run, "iter_records", counted)
    monkeypatch.setattr(Run, "records", property(forbidden))
    return passes


def test_one_pass_gives_the_metrics_of_the_loaded_records(tmp_path: Path, no_record_list):
    records = _mixed(60)
    run = load_run(write_run(tmp_path / "run", records))
    expected = compute_metrics(records, start_time=run.start_time)
    assert compute_metrics(run.scan.digests, start_time=run.start_time) == expected
    assert compute_metrics([digest(r) for r in records], start_time=run.start_time) == expected
    assert no_record_list == [1]  # the scan read the file once and is kept


def test_the_report_reads_each_run_once_and_never_all_records(tmp_path: Path, no_record_list):
    records = _mixed(40)
    root = write_run(tmp_path / "run", records)
    out = write_report([root], model="hashing", out_dir=tmp_path / "out")
    assert no_record_list == [1]
    summary = json.loads((tmp_path / "out" / "metrics.json").read_text())
    (metrics,) = summary["metrics"].values()
    expected = compute_metrics(records)
    keys = ("conversations", "failing_conversations", "failure_rate", "prevalence",
            "failure_type_counts", "unique_failing_conversations_exact", "cost_usd")  # fmt: skip
    for key in keys:
        assert metrics[key] == pytest.approx(expected[key]), key
    assert out.metrics["clusters"]["n_items"] == expected["failing_conversations"]


def test_a_torn_last_line_is_counted_by_the_pass(tmp_path: Path):
    root = write_run(tmp_path / "run", _mixed(5))
    with (root / "conversations.jsonl").open("a") as fh:
        fh.write('{"conversation_id": "torn')
    run = load_run(root)
    assert len(run.scan.digests) == 5 and run.skipped_lines == 1


def test_the_browser_rows_of_a_scan_are_those_of_the_records(tmp_path: Path):
    small = load_run(write_run(tmp_path / "small", _mixed(8)))
    kind, text = browser_data([small])
    rows = json.loads(text)
    assert kind == "application/json" and [r["id"] for r in rows] == [
        r.conversation_id for r in _mixed(8)
    ]
    two = [load_run(write_run(tmp_path / f"r{i}", _mixed(300, 1000 * i))) for i in (1, 2)]
    two[0].label, two[1].label = "one", "two"
    kind, text = browser_data(two)
    rows = json.loads(gzip.decompress(base64.b64decode(text)))
    assert kind == "application/gzip-base64" and len(rows) == 600
    assert {r["run"] for r in rows[:300]} == {"one"} and {r["run"] for r in rows[300:]} == {"two"}


def test_a_second_report_on_a_grown_run_embeds_only_the_new_texts(tmp_path: Path):
    root = write_run(tmp_path / "run", _mixed(50))
    first = CountingEmbedder()
    build_metrics([load_run(root)], embedder=first)
    failing_first = sum(1 for r in _mixed(50) if r.success_decision == "fail")
    assert len(first.seen) == len(set(first.seen)) == failing_first
    with (root / "conversations.jsonl").open("a", encoding="utf-8") as fh:
        for record in _mixed(10, start=50):
            fh.write(record.model_dump_json() + "\n")
    again = CountingEmbedder()
    result = build_metrics([load_run(root)], embedder=again)
    new = sum(1 for r in _mixed(10, start=50) if r.success_decision == "fail")
    assert len(again.seen) == new > 0
    assert not set(again.seen) & set(first.seen)
    assert result["clusters"]["n_items"] == failing_first + new


def test_above_the_threshold_a_stable_sample_is_embedded(tmp_path: Path):
    texts = [f"text number {i}" for i in range(EMBED_SAMPLE + 100)]
    sample = text_sample(texts)
    assert len(sample) == EMBED_SAMPLE and sample <= set(texts)
    grown = text_sample([*texts, *(f"another {i}" for i in range(30))])
    assert len(sample & grown) >= EMBED_SAMPLE - 30  # a grown run keeps most of its sample

    failing = [
        make_record(
            f"f{i}",
            labels={0: ["request_omitted"]},
            texts=[(f"please do task {i} now", f"cannot do {i}")] * 6,
        )  # fmt: skip
        for i in range(EMBED_SAMPLE + 40)
    ]
    run = load_run(write_run(tmp_path / "big", failing))
    embedder = CountingEmbedder()
    result, vectors = cluster_runs([run], embedder)
    assert len(embedder.seen) == EMBED_SAMPLE
    assert result["sample"] == {"failing_conversations": EMBED_SAMPLE + 40,
                                "distinct_texts": EMBED_SAMPLE + 40,
                                "embedded_texts": EMBED_SAMPLE,
                                "clustered_conversations": EMBED_SAMPLE}  # fmt: skip
    assert result["n_items"] == EMBED_SAMPLE == len(vectors[run.name])
    assert sum(c["size"] for c in result["clusters"]) == EMBED_SAMPLE
    # the sampled clusters are a valid clusters.json (its model knows the sample)
    written = rundir.read_clusters(rundir.write_clusters(tmp_path, result))
    assert written.sample is not None and written.sample.embedded_texts == EMBED_SAMPLE


def test_texts_are_cut_to_what_the_model_reads():
    words = " ".join(f"w{i}" for i in range(400))
    cut = read_limit(words, 256)
    assert cut.split() == words.split()[:256] and words.startswith(cut)
    assert read_limit("short text", 256) == "short text"
    assert len(read_limit("x" * 100_000, 256)) == 25_600  # no piece spans more than 100 chars


def test_the_hashing_embedder_reads_whole_texts(tmp_path: Path):
    """An embedder that says nothing of word pieces gets its texts whole (the numbers of the
    reports made with it do not change)."""
    long = [
        make_record(
            "long", labels={0: ["request_omitted"]}, texts=[(" ".join(["word"] * 600), "no")] * 6
        ),  # fmt: skip
        make_record("other", labels={0: ["request_omitted"]}),
    ]
    run = load_run(write_run(tmp_path / "run", long))
    embedder = CountingEmbedder()
    cluster_runs([run], embedder)
    assert max(len(t.split()) for t in embedder.seen) > 600
    assert np.isfinite(embedder.embed(["x"])).all()
