"""The launcher's server keeps the model's weights in plain CPU buffers
(icatest/sut/llama_server.py): llama.cpp's extra buffer types (AMX tiles among them) fault on
CPUs that report AMX without running it, which killed the server on its first request."""

from __future__ import annotations

from pathlib import Path

from external import local_llm_extra

from icatest.sut.local_llm import server_command


def test_the_launcher_runs_the_plain_buffer_server() -> None:
    command = server_command(Path("m.gguf"), 8000)
    assert command[1:3] == ["-m", "icatest.sut.llama_server"]


def test_models_load_without_extra_buffer_types() -> None:
    local_llm_extra()
    import llama_cpp.llama_cpp as native

    from icatest.sut.llama_server import plain_buffers

    original = native.llama_model_default_params
    try:
        assert original().use_extra_bufts  # llama.cpp's own default: repack where it can
        plain_buffers()
        plain_buffers()  # twice is once
        assert native.llama_model_default_params().use_extra_bufts is False
        assert native.llama_model_default_params().n_gpu_layers == original().n_gpu_layers
    finally:
        native.llama_model_default_params = original
