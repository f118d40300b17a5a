"""`icatest kpi sample`: the paper's test set, N instances per KPI with a random speech level.

For each KPI (vocabulary order) the instances that list it are shuffled with the seed and the
first `per_kpi` are taken; an instance keeps only the KPIs it was drawn for (the gate is judged
anyway), so every KPI is judged on at most `per_kpi` answers. Instances that are one content in
several levels (ids `STEM.hae`, `STEM.haeyo`, `STEM.hapsyo`, as `kpi build` writes them) form one
family and are drawn once.

Levels: every drawn Korean instance gets a random level, stratified so each level gets a third
(±1) of the speech-level instances and of the other Korean instances. A family member already at
that level is used as it is; otherwise the reference answers are rewritten to the level
(`levels.retarget`) and rewrites the verifier does not accept are counted.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass

from icatest.locar.kpi.dataset import (
    KpiDataset,
    KpiInstance,
    Language,
    Sampling,
    SpeechLevel,
)
from icatest.locar.kpi.kpis import GATE, KPIS, Kpi
from icatest.locar.kpi.levels import retarget

LEVELS = list(SpeechLevel)


@dataclass
class SampleReport:
    drawn: dict[str, int]  # per KPI
    available: dict[str, int]  # per KPI (families)
    levels: dict[str, int]
    rewritten: int
    unverified: int


def family(instance: KpiInstance) -> str:
    """`STEM` for `STEM.<level>` ids of Korean level variants, else the id itself."""
    level = instance.speech_level
    if level is not None and instance.id.endswith("." + level.value):
        return instance.id[: -len(level.value) - 1]
    return instance.id


def sample_dataset(
    dataset: KpiDataset, *, per_kpi: int = 50, seed: int = 0, source: str | None = None
) -> tuple[KpiDataset, SampleReport]:
    if per_kpi < 1:
        raise ValueError("per_kpi must be at least 1")
    rng = random.Random(seed)
    families: dict[str, list[KpiInstance]] = defaultdict(list)
    for inst in dataset.instances:
        families[family(inst)].append(inst)
    drawn: dict[str, list[Kpi]] = defaultdict(list)
    available: dict[str, int] = {}
    for kpi in (k for k in KPIS if k is not GATE):
        candidates = sorted(f for f, members in families.items() if kpi in members[0].kpis)
        rng.shuffle(candidates)
        available[kpi.value] = len(candidates)
        for fam in candidates[:per_kpi]:
            drawn[fam].append(kpi)
    chosen = [fam for fam in families if fam in drawn]  # dataset order
    levels = _draw_levels(chosen, families, drawn, rng)
    out: list[KpiInstance] = []
    rewritten = unverified = 0
    for fam in chosen:
        members = families[fam]
        base = members[0]
        level = levels.get(fam)
        if level is not None:
            at_level = next((m for m in members if m.speech_level is level), None)
            if at_level is None:
                done = retarget(base, level)
                base, rewritten = done.instance, rewritten + 1
                unverified += len(done.unverified)
            else:
                base = at_level
        kpis = [k for k in base.kpis if k in drawn[fam] or k is GATE]
        out.append(base.model_copy(update={"kpis": kpis, "id": fam}))
    sampling = Sampling(
        source=source, seed=seed, per_kpi=per_kpi, levels="random per instance, stratified"
    )
    report = SampleReport(
        drawn={k: sum(1 for f in chosen if Kpi(k) in drawn[f]) for k in available},
        available=available,
        levels={lvl.value: sum(1 for v in levels.values() if v is lvl) for lvl in LEVELS},
        rewritten=rewritten,
        unverified=unverified,
    )
    sample = dataset.model_copy(
        update={"instances": out, "sampling": sampling, "name": f"{dataset.name}-sample{seed}"}
    )
    return KpiDataset.model_validate(sample.model_dump()), report


def _draw_levels(
    chosen: list[str],
    families: dict[str, list[KpiInstance]],
    drawn: dict[str, list[Kpi]],
    rng: random.Random,
) -> dict[str, SpeechLevel]:
    """Stratified: the speech-level families first, then the other Korean ones, each group
    dealt the three levels in a shuffled round robin."""
    korean = [f for f in chosen if families[f][0].language is Language.KO]
    speech = [f for f in korean if Kpi.SPEECH_LEVEL in drawn[f]]
    other = [f for f in korean if Kpi.SPEECH_LEVEL not in drawn[f]]
    out: dict[str, SpeechLevel] = {}
    for group in (speech, other):
        order = list(group)
        rng.shuffle(order)
        start = rng.randrange(len(LEVELS))
        for i, fam in enumerate(order):
            out[fam] = LEVELS[(start + i) % len(LEVELS)]
    return out
