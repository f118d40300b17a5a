"""Re-targeting Korean instances to a speech level (`kpi run --level`, `kpi sample`).

An assistant fixed to one level is fairly tested only at that level; the paper's protocol draws a
random level per instance. Either way the instance's `speech_level` changes, and its reference
answers are rewritten to the new level with the offline rewriter (icatest.locar.honorifics), so
the judges compare with a reference in the level the assistant was asked for. English instances
are left as they are.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from icatest.locar.kpi.dataset import KpiDataset, KpiInstance, Language, SpeechLevel, Turn


@dataclass
class Retargeted:
    instance: KpiInstance
    unverified: list[str] = field(default_factory=list)  # rewrites the verifier does not accept


def retarget(instance: KpiInstance, level: SpeechLevel) -> Retargeted:
    """`instance` at `level` (Korean only; English comes back unchanged)."""
    if instance.language is not Language.KO or instance.speech_level is level:
        return Retargeted(instance)
    from icatest.locar.honorifics import rewrite

    unverified: list[str] = []

    def conv(text: str) -> str:
        done = rewrite(text, level.value)
        if not done.ok:
            unverified.append(text)
        return done.text

    update: dict[str, object] = {"speech_level": level}
    if instance.turns is not None:
        update["turns"] = [
            Turn(question=t.question, reference_answer=conv(t.reference_answer))
            for t in instance.turns
        ]
    else:
        assert instance.reference_answer is not None
        update["reference_answer"] = conv(instance.reference_answer)
    return Retargeted(instance.model_copy(update=update), unverified)


def at_level(dataset: KpiDataset, level: SpeechLevel) -> tuple[KpiDataset, int]:
    """Every Korean instance at `level`; also the number of rewrites left unverified."""
    done = [retarget(i, level) for i in dataset.instances]
    unverified = sum(len(d.unverified) for d in done)
    return dataset.model_copy(update={"instances": [d.instance for d in done]}), unverified
