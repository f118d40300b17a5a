"""`python -m icatest.sut.llama_server ARGS`: llama-cpp-python's server (`python -m
llama_cpp.server ARGS`, the same arguments) with the model's weights in plain CPU buffers.

llama.cpp repacks weights into extra buffer types (AMX tiles among them) wherever the CPU
reports the feature. Some machines (virtual ones among them) report AMX but fault on its first
use, which kills the server on the first request; plain buffers run on every CPU, at a small
cost in speed for the small models served here."""

from __future__ import annotations

import runpy
from typing import Any


def plain_buffers() -> None:
    """Every model loaded from here on keeps its weights in plain CPU buffers."""
    import llama_cpp.llama_cpp as native  # the extra 'local'; read by Llama() at load time

    defaults = native.llama_model_default_params
    if getattr(defaults, "plain_buffers", False):
        return

    def params() -> Any:
        p = defaults()
        p.use_extra_bufts = False
        return p

    params.plain_buffers = True  # type: ignore[attr-defined]
    native.llama_model_default_params = params


def main() -> None:
    plain_buffers()
    runpy.run_module("llama_cpp.server", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
