"""Model access: the gateway (the only litellm user), versioned prompts, role bindings."""

from icatest.llm.gateway import ModelGateway
from icatest.llm.prompts import Prompt, fence, load_prompt
from icatest.llm.provider_errors import ModelError
from icatest.llm.spec import OFFLINE, GatewayConfig, ModelSpec, Result

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
