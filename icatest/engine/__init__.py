"""The LangGraph conversation loop: state, nodes, routing, and the run entry point."""
