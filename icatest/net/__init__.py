"""Talking to endpoints: HTTP clients (`http`), server-sent events (`sse`), loopback
serving (`serving`), the one retry policy (`retry`) and per-endpoint limits (`limits`)."""
