"""Before a run: every model role and the assistant answer once (`checks`), each role
with its real request (`role_probes`)."""
