"""Loaded by the llama.cpp server that `generate_smollm2.py --plain-cpu` starts (this folder is
put first on its PYTHONPATH): the model is loaded without llama.cpp's extra weight buffer types
(weight repacking, the AMX tiles), on machines whose CPU reports AMX but faults on it."""

import os

if os.environ.get("ICATEST_LLAMA_PLAIN_CPU") == "1":
    import llama_cpp.llama_cpp as _llama

    _default_params = _llama.llama_model_default_params

    def _plain_params():  # type: ignore[no-untyped-def]
        params = _default_params()
        params.use_extra_bufts = False
        return params

    _llama.llama_model_default_params = _plain_params
