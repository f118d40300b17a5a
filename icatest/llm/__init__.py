"""Model access: the gateway (the only litellm user), versioned prompts, role bindings."""

from icatest.llm.gateway import (
    OFFLINE,
    GatewayConfig,
    ModelError,
    ModelGateway,
    ModelSpec,
    Result,
)
from icatest.llm.prompts import Prompt, fence, load_prompt

__all__ = [
    "OFFLINE",
    "GatewayConfig",
    "ModelError",
    "ModelGateway",
    "ModelSpec",
    "Prompt",
    "Result",
    "fence",
    "load_prompt",
]
