"""Final step: drafts -> the KPI dataset format of icatest.locar.kpi (validated on the way)."""

from __future__ import annotations

from pydantic import ValidationError

from icatest.config.loading import format_validation_error
from icatest.locar.build.models import Draft, StageReport
from icatest.locar.kpi.dataset import KpiDataset, KpiInstance, Turn


def to_instance(d: Draft, instance_id: str) -> KpiInstance:
    notes = ", ".join(p for p in (d.specificity, d.pattern,
                                  "fragment" if any(t.fragment for t in d.turns) else None,
                                  "translated" if d.translated else None) if p)
    common = {"id": instance_id, "use_case": d.use_case, "language": d.language,
              "speech_level": d.speech_level if d.language == "ko" else None,
              "kpis": d.kpis, "source": d.source, "notes": notes or None}
    if d.multi_turn:
        return KpiInstance.model_validate({
            **common, "target_turn": d.target_turn,
            "turns": [Turn(question=t.question, reference_answer=t.reference) for t in d.turns]})
    return KpiInstance.model_validate({**common, "question": d.turns[0].question,
                                       "reference_answer": d.turns[0].reference})


def to_dataset(drafts: list[Draft], name: str, report: StageReport) -> KpiDataset:
    """Instances that fail the format are dropped with the field named in the manifest."""
    seen: set[str] = set()
    instances = []
    for d in drafts:
        instance_id, n = d.id, 1
        while instance_id in seen:
            n += 1
            instance_id = f"{d.id}.{n}"
        try:
            instances.append(to_instance(d, instance_id))
        except ValidationError as exc:
            field, problem = format_validation_error(exc)
            report.drop(f"format:{field}: {problem}")
            continue
        seen.add(instance_id)
    report.count_out = len(instances)
    return KpiDataset(name=name, description="built by icatest kpi build", instances=instances)
