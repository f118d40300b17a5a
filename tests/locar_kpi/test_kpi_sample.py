"""`kpi sample`: N instances per KPI, a random stratified level per Korean instance, seeded."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from icatest.cli import main
from icatest.locar.honorifics import verify
from icatest.locar.kpi import GATE, Kpi, KpiDataset, Language, SpeechLevel, load_dataset
from icatest.locar.kpi.sampling import family, sample_dataset


def test_per_kpi_draw_is_seeded_and_capped(sample: KpiDataset) -> None:
    one, report = sample_dataset(sample, per_kpi=2, seed=7)
    again, _ = sample_dataset(sample, per_kpi=2, seed=7)
    other, _ = sample_dataset(sample, per_kpi=2, seed=8)
    assert one == again and one != other
    judged = Counter(k for i in one.instances for k in i.kpis if k is not GATE)
    for kpi, n in report.drawn.items():
        assert judged[Kpi(kpi)] == n == min(2, report.available[kpi])
    assert one.sampling is not None and (one.sampling.seed, one.sampling.per_kpi) == (7, 2)


def test_levels_are_stratified_and_references_rewritten(sample: KpiDataset) -> None:
    drawn, report = sample_dataset(sample, per_kpi=50, seed=3)
    korean = [i for i in drawn.instances if i.language is Language.KO]
    assert all(i.speech_level is not None for i in korean)
    speech = Counter(i.speech_level for i in korean if Kpi.SPEECH_LEVEL in i.kpis)
    assert max(speech.values()) - min(speech.values()) <= 1 and len(speech) == 3
    # every reference answer is in the drawn level (the rewriter's output is verified)
    for inst in korean:
        for turn in inst.turns or [inst.target]:
            assert verify(turn.reference_answer, inst.speech_level.value).ok or report.unverified


def test_level_variants_form_one_family(sample: KpiDataset) -> None:
    base = sample.select(Language.KO).instances[0]
    variants = [
        base.model_copy(update={"id": f"x.{lvl.value}", "speech_level": lvl})
        for lvl in SpeechLevel
    ]
    assert {family(v) for v in variants} == {"x"}
    pool = KpiDataset(instances=variants)
    drawn, _ = sample_dataset(pool, per_kpi=5, seed=0)
    assert [i.id for i in drawn.instances] == ["x"]


def test_cli_sample_then_run_names_the_seed(sample_path: Path, tmp_path: Path) -> None:
    out = tmp_path / "s.yaml"
    assert main(["kpi", "sample", "--dataset", str(sample_path), "--per-kpi", "3",
                 "--seed", "5", "--out", str(out)]) == 0
    drawn = load_dataset(out)
    assert drawn.sampling is not None and drawn.sampling.seed == 5
    run = tmp_path / "run"
    assert main(["kpi", "run", "--dataset", str(out), "--model", "offline", "--judges",
                 "offline", "--out", str(run)]) == 0
    html = (run / "kpi_report.html").read_text("utf-8")
    assert "sampled with seed 5, 3 per KPI" in html
