"""The LangGraph conversation loop: state, nodes, routing, and the run entry point."""

from icatest.engine.run import run_conversation
from icatest.engine.runtime import Runtime

__all__ = ["Runtime", "run_conversation"]
