"""Adapters from the engine's Assistant protocol to real assistants.

* `open_assistant(sut, sut_config)` — CLI options to an Assistant (OpenAI URL, YAML, reference).
* `OpenAIAssistant` — OpenAI-compatible chat endpoint, full history each turn.
* `HttpAssistant` — generic JSON over HTTP from a `kind: http` YAML file.
* `InProcessAssistant` — a Python callable, a LangChain Runnable or a compiled LangGraph agent.
"""

from icatest.sut.adapters.config import (
    DEFAULT_API_KEY_ENV,
    CallPolicy,
    HttpSutConfig,
    OpenAISutConfig,
    load_sut_config,
)
from icatest.sut.adapters.http_json import HttpAssistant, HttpSession
from icatest.sut.adapters.inprocess import InProcessAssistant, InProcessSession
from icatest.sut.adapters.openai_chat import OpenAIAssistant, OpenAISession
from icatest.sut.adapters.opening import (
    build_assistant,
    open_assistant,
    reference_http_config,
)

__all__ = [
    "DEFAULT_API_KEY_ENV",
    "CallPolicy",
    "HttpAssistant",
    "HttpSession",
    "HttpSutConfig",
    "InProcessAssistant",
    "InProcessSession",
    "OpenAIAssistant",
    "OpenAISession",
    "OpenAISutConfig",
    "build_assistant",
    "load_sut_config",
    "open_assistant",
    "reference_http_config",
]
