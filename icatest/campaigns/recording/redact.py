"""Keep secrets out of run directories: manifests carry the config, never keys or tokens."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit, urlunsplit

REDACTED = "***redacted***"
_SECRET_KEY = re.compile(
    r"(api[_-]?key|token|secret|password|passwd|authorization|auth|cookie|credential)", re.I
)
_ENV_REF = re.compile(r"\$\{[^}]+\}")


def redact_url(url: str) -> str:
    """Drop user:password and the query string (where keys often hide) from a URL."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    if not parts.scheme or not parts.netloc:
        return url
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    if parts.username or parts.password:
        host = f"{REDACTED}@{host}"
    query = REDACTED if parts.query else ""
    return urlunsplit((parts.scheme, host, parts.path, query, parts.fragment))


def redact(value: Any, key: str = "", in_headers: bool = False) -> Any:
    """Recursively replace secret-looking values: secret keys, header values, ${VAR} values."""
    if isinstance(value, dict):
        headers = in_headers or key.lower() == "headers"
        return {k: redact(v, str(k), headers) for k, v in value.items()}
    if isinstance(value, list):
        return [redact(v, key, in_headers) for v in value]
    if isinstance(value, str):
        if in_headers or _SECRET_KEY.search(key) or _ENV_REF.search(value):
            return REDACTED
        if "://" in value:
            return redact_url(value)
    return value
