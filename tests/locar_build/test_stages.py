from __future__ import annotations

import json
from pathlib import Path

from icatest.calibration.labels import read_labels
from icatest.llm import ModelGateway, ModelSpec
from icatest.locar.build.augment import Styler, augment, english_fragment
from icatest.locar.build.dedup import dedup, near_duplicates
from icatest.locar.build.extend import extend
from icatest.locar.build.label import label, rule_kpis, write_verification_export
from icatest.locar.build.manual import parse_manuals
from icatest.locar.build.models import PATTERNS, Draft, Turn
from icatest.locar.build.pipeline import make_gateway
from icatest.locar.build.qa import generate_qa
from icatest.locar.build.taxonomy import load_taxonomy
from icatest.testing import FakeOpenAI, reply


def _draft(i: str, lang: str, q: str, r: str, **kw: object) -> Draft:
    return Draft.model_validate({"id": i, "use_case": "car_expert", "language": lang,
                                 "turns": [{"question": q, "reference": r, "grounded": True}],
                                 "source": f"m.md#A/B/{i}", "grounding": r, **kw})


async def test_offline_qa_levels_grounding_and_sources(manuals_dir: Path) -> None:
    units = parse_manuals(manuals_dir)
    drafts, report = await generate_qa(make_gateway(), units, None, per_section=3)
    specs = {d.specificity for d in drafts}
    assert specs == {"general", "procedural", "exact_value"}
    for d in drafts:
        assert d.turns[0].reference in d.grounding.replace("\n", " ") or all(
            s.strip(". ") in d.grounding for s in d.turns[0].reference.split(". "))
        assert d.source.split("#")[0] in {"sample_manual.md", "climate.html"}
    proc = next(d for d in drafts if d.id == "m.en.charging.port.open.proc0")
    assert proc.turns[0].question == "What are the steps for opening the charging port?"
    exact = [d for d in drafts if d.specificity == "exact_value" and d.language == "en"]
    assert any("___" in d.turns[0].question and "36 psi" in d.turns[0].reference for d in exact)
    assert report.count_in == len(units) and report.count_out == len(drafts)
    assert report.prompt_versions == {"kpi_build_qa": "1"}
    one, _ = await generate_qa(make_gateway(), units, None, per_section=1)
    assert len(one) == len(units)


async def test_taxonomy_qa_offline_fills_templates(taxonomy_path: Path) -> None:
    tax = load_taxonomy(taxonomy_path)
    drafts, report = await generate_qa(make_gateway(), [], tax, per_section=2)
    assert len(drafts) == 28 * 2 * 2
    assert all("{" not in d.turns[0].question for d in drafts)
    assert {d.use_case for d in drafts} == {"navigation"}
    assert report.produced["taxonomy:cross_category"] == 4 * 2 * 2


async def test_model_generator_goes_through_gateway_and_filter_drops_ungrounded(
    manuals_dir: Path,
) -> None:
    unit = [u for u in parse_manuals(manuals_dir) if u.pair_key == "tyres.winter.chains"
            and u.language == "en"]
    answer = {"pairs": [
        {"question": "Where do snow chains go?", "specificity": "general",
         "reference": "Snow chains may only be fitted to the rear tyres."},
        {"question": "Max speed with chains?", "specificity": "exact_value",
         "reference": "Quantum flux capacitors require plutonium refuelling weekly."}]}
    with FakeOpenAI([reply(json.dumps(answer))]) as srv:
        gw = ModelGateway(roles={"generator": ModelSpec.parse(f"openai/fake@{srv.base_url}/v1")})
        drafts, report = await generate_qa(gw, unit, None)
        assert "Snow chains may only be fitted" in srv.requests[0].messages[-1]["content"]
    assert report.models == {"generator": "openai/fake"} and len(drafts) == 2
    kept, drep = await dedup(make_gateway(), drafts)
    assert [d.turns[0].question for d in kept] == ["Where do snow chains go?"]
    assert drep.dropped == {"ungrounded": 1}


async def test_extend_patterns_turns_and_targets(manuals_dir: Path) -> None:
    seeds, _ = await generate_qa(make_gateway(), parse_manuals(manuals_dir), None)
    out, report = await extend(make_gateway(), seeds, share=0.5, rng_seed=3)
    multi = [d for d in out if d.multi_turn]
    assert out[: len(seeds)] == seeds
    assert len(multi) == round(0.5 * len(seeds))
    assert {d.pattern for d in multi} == set(PATTERNS)
    for d in multi:
        assert 3 <= len(d.turns) <= 5 and 0 <= d.target_turn < len(d.turns)
        assert d.kpis == [d.pattern] and d.parent in {s.id for s in seeds}
        parent = next(s for s in seeds if s.id == d.parent)
        assert d.language == parent.language
        assert any(t.reference == parent.turns[0].reference for t in d.turns)  # task continuity
    assert report.produced["single_turn_kept"] == len(seeds)
    again, _ = await extend(make_gateway(), seeds, share=0.5, rng_seed=3)
    assert again == out


async def test_augment_levels_verified_and_fragments(styler: Styler) -> None:
    ko = _draft("k1", "ko", "충전구 어떻게 열어?",
                "충전구 도어의 뒤쪽 끝을 누릅니다. 케이블을 연결하십시오.")
    en = _draft("e1", "en", "How do I open the charging port?", "Press the rear edge of the door.")
    out, report = await augment(make_gateway(), [ko, en], fragments_share=1.0, styler=styler)
    levels = {d.speech_level: d for d in out if d.language == "ko"}
    assert set(levels) == {"hae", "haeyo", "hapsyo"}
    for level, d in levels.items():
        assert styler.verify(d.turns[0].reference, level).ok
        assert d.turns[0].fragment and d.turns[0].question != ko.turns[0].question
    assert levels["haeyo"].turns[0].reference.endswith("연결하세요.")
    eng = next(d for d in out if d.language == "en")
    assert eng.turns[0].question == "open charging port" and eng.speech_level is None
    assert report.produced["fragment"] == 4


async def test_augment_drops_instances_whose_rewrite_fails_verification(styler: Styler) -> None:
    broken = Styler(verify=styler.verify, rewrite=lambda text, level: styler.rewrite(text, "hae"),
                    fragment=styler.fragment)
    ko = _draft("k1", "ko", "충전구 어디 있어?", "충전구는 왼쪽 뒤 펜더에 있습니다.")
    out, report = await augment(make_gateway(), [ko], fragments_share=0.0, styler=broken)
    assert [d.speech_level for d in out] == ["hae"]
    assert report.dropped == {"rewrite_failed_verification:haeyo": 1,
                              "rewrite_failed_verification:hapsyo": 1}


async def test_offline_translation_is_reported_not_faked(styler: Styler) -> None:
    ko = _draft("k1", "ko", "충전구 어디 있어?", "충전구는 왼쪽 뒤 펜더에 있습니다.", pair_key="x")
    lone = _draft("k2", "ko", "스노 체인은?", "스노 체인은 뒤 타이어에만 장착합니다.", pair_key="y")
    en = _draft("e1", "en", "Where is the port?", "On the rear left fender.", pair_key="x")
    out, report = await augment(make_gateway(), [ko, lone, en], levels=("haeyo",),
                                fragments_share=0.0, translate_to=("en",), styler=styler)
    assert sum(d.language == "en" for d in out) == 1
    assert report.produced["translation_unavailable_offline"] == 1
    assert "not available offline" in report.notes[0]


def test_english_fragment_keeps_content_words() -> None:
    assert english_fragment("What should I know about the tyre pressure warning light?") == \
        "tyre pressure warning light"


async def test_dedup_korean_and_english_duplicates_removed_distinct_kept() -> None:
    drafts = [
        _draft("e1", "en", "How do I open the charging port?", "Press the rear edge of the door."),
        _draft("e2", "en", "How do I open the charging port ?", "Press the rear edge of the door!"),
        _draft("e3", "en", "How do I open the chargng port?", "Press the rear edge of the door."),
        _draft("e5", "en", "How do I close the charging port?", "Push the door until it clicks."),
        _draft("e4", "en", "What is the tyre pressure?", "It is 36 psi for all tyres."),
        _draft("k1", "ko", "충전구 어떻게 열어?", "충전구 도어의 뒤쪽 끝을 누릅니다."),
        _draft("k2", "ko", "충전구 어떻게 열어요?", "충전구 도어의 뒤쪽 끝을 누릅니다."),
        _draft("k3", "ko", "타이어 공기압은?", "권장 공기압은 36 psi입니다."),
        _draft("k4", "ko", "충전구 어떻게 열어?", "충전구 도어의 뒤쪽 끝을 누릅니다.",
               speech_level="hae"),
    ]
    out, report = await dedup(make_gateway(), drafts, threshold=0.85)
    assert [d.id for d in out] == ["e1", "e5", "e4", "k1", "k3", "k4"]
    assert report.dropped == {"near_duplicate": 3}
    assert any("e2 ~ e1" in n for n in report.notes)
    strict = near_duplicates(drafts, 0.99)
    assert [drafts[i].id for i, _, _ in strict] == ["e2"]


async def test_quality_rules_empty_and_short() -> None:
    drafts = [_draft("a", "en", "Question?", " "), _draft("b", "en", "Question?", "ok"),
              _draft("c", "en", "Question?", "A proper answer from the text.")]
    out, report = await dedup(make_gateway(), drafts)
    assert [d.id for d in out] == ["c"]
    assert report.dropped == {"empty": 1, "too_short": 1}


async def test_label_rules_and_verification_export(tmp_path: Path) -> None:
    single = _draft("s", "ko", "충전구", "충전구는 뒤에 있어요.", speech_level="haeyo")
    single = single.model_copy(update={"turns": [single.turns[0].model_copy(
        update={"fragment": True})]})
    multi = _draft("m", "en", "q", "a reference").model_copy(update={
        "turns": [Turn(question="q", reference="r1"), Turn(question="q2", reference="r2"),
                  Turn(question="q3", reference="r3")], "target_turn": 1,
        "pattern": "retention"})
    assert rule_kpis(single) == ["meaningful_information_inclusion", "conciseness",
                                 "speech_level", "implicit_understanding"]
    out, report = await label(make_gateway(), [single, multi])
    assert out[1].kpis == ["meaningful_information_inclusion", "conciseness", "retention"]
    assert report.produced["kpi:retention"] == 1
    sheet, labels = write_verification_export(out, tmp_path)
    header = sheet.read_text(encoding="utf-8").splitlines()[0]
    assert header == "item,conversation_id,dimension,question,scale,transcript,annotator,value"
    table = read_labels(labels)
    assert table.ratings["kpi:retention"]["m"]["kpi_labeller"] == 1
    assert table.ratings["kpi:clarification"]["m"]["kpi_labeller"] == 0
    assert "kpi:retention" not in table.ratings or "s" not in table.ratings["kpi:retention"]
    assert "[TARGET]" in sheet.read_text(encoding="utf-8")
