"""The rules judge's Korean word reader against Kiwi, word by word (docs/offline_backend.md).

    python experiments/benchmarks/korean_reader_agreement.py [--show N] [--json]

Reads every Korean eojeol of the development material: the three judge development sets
(icatest/data/judge/devset_*.jsonl), the golden rule table (tests/judges/data/rule_table.jsonl),
the shipped catalogs (seeds/, personas/, icatest/data/) and the Korean the reference assistant
and the offline driver say (icatest/sut/reference/, icatest/simulator/render_ko.py), and LoCar's
in-car sentences (icatest/locar/honorifics/data/). Never the held-out logs. For each word it
compares `content_morphemes` and `without_particles` of `icatest.judges.rules.korean` with what
the rules read before, through Kiwi (kept here, and only here, as the reference: this script
imports kiwipiepy itself). Prints the agreement per source and the disagreements, most frequent
first.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

from icatest.judges.rules import korean
from icatest.judges.rules.text import WORD

ROOT = Path(__file__).resolve().parents[2]
SOURCES = {
    "devset_llm": ["icatest/data/judge/devset_llm.jsonl"],
    "devset_silent": ["icatest/data/judge/devset_silent.jsonl"],
    "devset_llm_grounding": ["icatest/data/judge/devset_llm_grounding.jsonl"],
    "rule_table": ["tests/judges/data/rule_table.jsonl"],
    "catalogs": ["seeds/*.yaml", "personas/*.yaml", "icatest/data/**/*.yaml",
                 "icatest/data/**/*.md", "icatest/data/**/*.html",
                 "icatest/sut/reference/data/*.yaml"],
    "campaign_text": ["icatest/sut/reference/*.py", "icatest/simulator/render_ko.py"],
    # LoCar's in-car sentences: read once the tables were written (89.5 % of their distinct words
    # agreed then), five general fixes made after (docs/offline_backend.md)
    "locar_sentences": ["icatest/locar/honorifics/data/incar_sentences.jsonl"],
}
HANGUL_TOKEN = re.compile(r"[^\s,.;:!?()/\"'`*\[\]{}<>|=#]+")

# What the rules read before: Kiwi's tags, as icatest/judges/rules/korean.py had them.
CONTENT_TAGS = ("NNG", "NNP", "VV", "VA", "XR", "SL", "SN", "MAG")
NAME_TAGS = ("NNG", "NNP", "NNB", "NR", "XR", "SL", "SN", "XSN", "XPN", "SH")


@cache
def _kiwi() -> Any:
    from kiwipiepy import Kiwi

    return Kiwi(load_multi_dict=False)


@cache
def kiwi_content(eojeol: str) -> frozenset[str]:
    out = set()
    for token in _kiwi().tokenize(eojeol):
        tag = token.tag.split("-", 1)[0]
        if tag in CONTENT_TAGS and token.form not in korean.EMPTY:
            out.add(token.form.lower())
    return frozenset(out)


@cache
def kiwi_without(eojeol: str) -> str:
    end = 0
    for token in _kiwi().tokenize(eojeol):
        if token.tag.split("-", 1)[0] not in NAME_TAGS:
            break
        end = token.start + token.len
    return eojeol[:end] if end else eojeol


def kiwi_tags(eojeol: str) -> str:
    return " ".join(f"{t.form}/{t.tag}" for t in _kiwi().tokenize(eojeol))


def _texts(source: str) -> list[str]:
    out = []
    for pattern in SOURCES[source]:
        for path in sorted(ROOT.glob(pattern)):
            out.append(path.read_text("utf-8"))
    return out


def words_of(texts: list[str]) -> tuple[Counter[str], Counter[str]]:
    """The Korean words `content_stems` reads (Hangul runs, as `text.words` cuts them) and the
    ones `ambiguity` reads (a token up to punctuation, lowered, that has Hangul in it)."""
    content: Counter[str] = Counter()
    names: Counter[str] = Counter()
    for text in texts:
        for w in WORD.findall(text):
            if korean.is_korean(w):
                content[w.lower()] += 1
                names[w.lower()] += 1
        for t in HANGUL_TOKEN.findall(text):
            if korean.is_korean(t) and not re.fullmatch(r"[가-힣]+", t):
                names[t.lower()] += 1
    return content, names


def compare(source: str, content: Counter[str], names: Counter[str]) -> dict[str, Any]:
    c_bad = {w: n for w, n in content.items() if korean.content_morphemes(w) != kiwi_content(w)}
    n_bad = {w: n for w, n in names.items() if korean.without_particles(w) != kiwi_without(w)}
    return {
        "source": source,
        "content_words": len(content), "content_agree": 1 - len(c_bad) / max(1, len(content)),
        "content_tokens": sum(content.values()),
        "content_tokens_agree": 1 - sum(c_bad.values()) / max(1, sum(content.values())),
        "name_words": len(names), "name_agree": 1 - len(n_bad) / max(1, len(names)),
        "name_tokens": sum(names.values()),
        "name_tokens_agree": 1 - sum(n_bad.values()) / max(1, sum(names.values())),
        "content_disagree": c_bad, "name_disagree": n_bad,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", type=int, default=40, help="disagreements shown per kind")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [compare(s, *words_of(_texts(s))) for s in SOURCES]
    total = compare("all (distinct)", *words_of([t for s in SOURCES for t in _texts(s)]))
    if args.json:
        print(json.dumps({"sources": rows, "all": total}, ensure_ascii=False))
        return
    print(f"{'source':22} {'words':>6} {'content':>8} {'tokens':>7} {'names':>6} {'strip':>6}")
    for r in [*rows, total]:
        print(f"{r['source']:22} {r['content_words']:>6} {r['content_agree']:>8.3f} "
              f"{r['content_tokens_agree']:>7.3f} {r['name_words']:>6} {r['name_agree']:>6.3f}")
    for kind, ours, ref in (("content_disagree", korean.content_morphemes, kiwi_content),
                            ("name_disagree", korean.without_particles, kiwi_without)):
        print(f"\n{kind} ({len(total[kind])} words), most frequent first:")
        for w, n in Counter(total[kind]).most_common(args.show):
            print(f"  {n:>3} {w}: ours {_show(ours(w))}  kiwi {_show(ref(w))}  [{kiwi_tags(w)}]")


def _show(value: object) -> str:
    if isinstance(value, frozenset):
        return "{" + ", ".join(sorted(value)) + "}"
    return str(value)


if __name__ == "__main__":
    main()
