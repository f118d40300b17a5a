"""Commands import only what they use: no data-science stack for a campaign, litellm only for a
model role it carries (not for a self-hosted model on an OpenAI-compatible server), nothing of the
commands for `icatest --help`.

Each check runs in a fresh interpreter and reads its sys.modules afterwards (a functional check;
start-up times are measured by `icatest bench`, not here).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from icatest.bench.processes import fake_llm

REPO = Path(__file__).resolve().parents[2]
HEAVY = ("pandas", "scipy", "sklearn", "torch", "sentence_transformers", "dask", "kiwipiepy")

_CAMPAIGN = """
import asyncio, json, sys
from pathlib import Path
from icatest.campaigns import CampaignConfig, read_records, run_campaign
model = sys.argv[2]
cfg = CampaignConfig(sut="reference", max_conversations=1, turn_budgets=[2], rng_seed=1,
                     simulator=model, turn_judge=model, conversation_judge=model)
asyncio.run(run_campaign(cfg, Path(sys.argv[1]), handle_signals=False))
records = read_records(Path(sys.argv[1]) / "conversations.jsonl")
print(json.dumps({"turns": sum(len(r["turns"]) for r in records),
                  "modules": sorted({m.split(".")[0] for m in sys.modules})}))
"""


def _run(code: str, *args: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(REPO), "ICATEST_API_KEY": "sk-test"}
    proc = subprocess.run([sys.executable, "-c", code, *args], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=240)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_help_imports_no_command_module() -> None:
    code = ("import contextlib, io, json, sys\nfrom icatest.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n    main(['--help'])\n"
            "print(json.dumps({'modules': sorted(sys.modules)}))")
    modules = _run(code)["modules"]
    ours = [m for m in modules if m.startswith("icatest.") and m != "icatest.errors"]
    assert ours == ["icatest.cli"]
    assert sorted({"pydantic", "litellm", "langgraph", "fastapi", *HEAVY} & set(modules)) == []


@pytest.mark.slow
def test_offline_campaign_imports_neither_litellm_nor_the_data_stack(tmp_path: Path) -> None:
    out = _run(_CAMPAIGN, str(tmp_path / "run"), "offline")
    assert out["turns"] > 0
    assert sorted({"litellm", *HEAVY} & set(out["modules"])) == []


_JUDGED = """
import asyncio, json, sys
from pathlib import Path
from icatest.campaigns import CampaignConfig, read_records, run_campaign
from icatest.judges.rules import semantic
cfg = CampaignConfig(sut="reference", max_conversations=4, rng_seed=3, concurrency=2,
                     seed_pools=["korean"], speech_level="haeyo", run_id="korean-embed-3")
asyncio.run(run_campaign(cfg, Path(sys.argv[1]), handle_signals=False))
records = read_records(Path(sys.argv[1]) / "conversations.jsonl")
texts = [(t["user"] or "") + (t["system"] or "") for r in records for t in r["turns"]]
print(json.dumps({"korean": sum(any("\uac00" <= c <= "\ud7a3" for c in t) for t in texts),
                  "embedded": len(semantic.VECTORS),
                  "modules": sorted({m.split(".")[0] for m in sys.modules})}))
"""


@pytest.mark.slow
def test_an_offline_judge_that_embeds_and_reads_korean_loads_neither_torch_nor_kiwi(
    tmp_path: Path,
) -> None:
    """The rules judge's MiniLM runs in numpy and its Korean reader is a table: a campaign of
    Korean conversations, judged offline (the core alone: LoCar's speech-level check, which
    does use Kiwi, is a plug-in the CLI registers), imports no torch and no Kiwi (together
    about 770 MB of a campaign process). A fixed run id: the same conversations each time, so
    whether some reply needs MiniLM does not depend on the reference assistant's dice."""
    out = _run(_JUDGED, str(tmp_path / "run"))
    assert out["korean"] > 0, out  # the Korean reader read
    assert out["embedded"] > 0, out  # and MiniLM embedded
    assert sorted({"litellm", *HEAVY, "transformers"} & set(out["modules"])) == []


@pytest.mark.slow
def test_model_judged_campaign_on_an_own_server_imports_neither_litellm_nor_the_data_stack(
    tmp_path: Path,
) -> None:
    """An OpenAI-compatible server goes through the openai SDK, whether or not litellm's map
    knows the model: litellm is never imported."""
    with fake_llm(0, "icatest.bench.fake_replies:reply") as url:
        for model in ("fake", "gpt-4.1-mini"):
            out = _run(_CAMPAIGN, str(tmp_path / f"run-{model}"), f"openai/{model}@{url}/v1")
            assert out["turns"] > 0
            assert "openai" in out["modules"]
            assert sorted({"litellm", *HEAVY} & set(out["modules"])) == []
