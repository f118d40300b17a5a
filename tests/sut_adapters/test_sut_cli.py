"""`icatest sut check` against loopback servers."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from sut_fault_server import ConverseServer
from typer.testing import CliRunner

from icatest.cli import sut_cmds
from icatest.testing import FakeOpenAI, free_port

SECRET = "tok-abcdef-987654"


def _app() -> typer.Typer:
    app = typer.Typer()
    sut_cmds.register(app)

    @app.callback()
    def main() -> None:
        """Test root."""

    return app


def test_check_url_shows_exchange() -> None:
    with FakeOpenAI(["Route to Munich Airport: 38 km."]) as fake:
        result = CliRunner().invoke(_app(), ["sut", "check", fake.base_url + "/v1", "-u", "Hi"])
    assert result.exit_code == 0, result.output
    assert "user:      Hi" in result.output
    assert "Route to Munich Airport: 38 km." in result.output and "latency:" in result.output


def test_check_refused_shows_cause() -> None:
    url = f"http://127.0.0.1:{free_port()}/v1"
    result = CliRunner().invoke(_app(), ["sut", "check", url, "--retries", "0"])
    assert result.exit_code == 1
    assert "sut_error: connection:" in result.output


def test_check_config_never_prints_secret(
    converse: ConverseServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ICA_TOKEN", SECRET)
    converse.queue("500", "500")
    path = tmp_path / "sut.yaml"
    path.write_text(
        f"kind: http\nurl: {converse.url}\nretries: 1\nbackoff_base_s: 0.01\n"
        'headers: {Authorization: "Bearer ${ICA_TOKEN}"}\n'
    )
    result = CliRunner().invoke(_app(), ["sut", "check", "--sut-config", str(path)])
    assert result.exit_code == 1
    assert "sut_error: http_status: HTTP 500" in result.output
    assert SECRET not in result.output
    assert converse.requests[0]["headers"]["authorization"] == f"Bearer {SECRET}"


def test_check_reference_and_serve_registered() -> None:
    app = _app()
    result = CliRunner().invoke(app, ["sut", "check", "reference:none", "-u", "Open the sunroof"])
    assert result.exit_code == 0, result.output
    assert "assistant: reference:none" in result.output and "sunroof" in result.output.lower()
    assert "serve" in CliRunner().invoke(app, ["sut", "--help"]).output
