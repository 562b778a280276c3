"""Credentials never reach a trace, a stored row or a log line (R-SEC-1).

A model server's error page may echo the request's ``Authorization`` header,
an exception may carry a URL with ``?api_key=…``, a hostile page may quote a
key back. ``redact`` is the one function every such text passes through: the
event log applies it to every event, ``AgentError`` to its message and detail,
and the logging formatter to every line it writes.

It removes the secrets this process was configured with (``register``) and
anything shaped like one: ``Bearer …`` tokens, ``Authorization: …`` values,
``api_key=…`` and its spellings, passwords in URLs and ``sk-…`` keys.
"""

from __future__ import annotations

import re
import threading
from typing import Any

REDACTED = "[redacted]"
# Shorter values are not registered: redacting "demo" or "1234" everywhere
# would mangle ordinary text, and such a value protects nothing anyway.
MIN_SECRET_CHARS = 8

_KEY_NAMES = (
    r"api[_-]?key|apikey|x-api-key|access[_-]?token|refresh[_-]?token|client[_-]?secret"
    r"|secret[_-]?key|password|passwd"
)
_PATTERNS = (
    # Authorization: Bearer abc / "authorization": "Basic abc"
    (
        re.compile(
            r"(?i)(\b(?:proxy-)?authorization\b[\"']?\s*[:=]\s*[\"']?)"
            r"(?:(?:bearer|basic|token|digest)\s+)?[^\s\"',;&]+"
        ),
        r"\1" + REDACTED,
    ),
    # A bearer token has a digit somewhere ("bearer of news" is not one).
    (
        re.compile(r"(?i)\b(bearer\s+)(?=[A-Za-z0-9\-._~+/]*[0-9])[A-Za-z0-9\-._~+/]{8,}=*"),
        r"\1" + REDACTED,
    ),
    (
        re.compile(rf"(?i)((?<![a-z0-9])(?:{_KEY_NAMES})\b[\"']?\s*[:=]\s*[\"']?)[^\s\"',;&]+"),
        r"\1" + REDACTED,
    ),
    # scheme://user:password@host
    (re.compile(r"(?i)(\b[a-z][a-z0-9+.-]*://[^/\s:@]+:)[^@\s/]+(@)"), r"\1" + REDACTED + r"\2"),
    (re.compile(r"\bsk-[A-Za-z0-9_\-]{16,}"), REDACTED),
)
# A cheap first look: most texts contain none of these and skip the patterns.
_HINT = re.compile(rf"(?i)bearer|authorization|{_KEY_NAMES}|://[^/\s]*@|sk-")

_secrets: set[str] = set()
_lock = threading.Lock()


def register(secret: str | None) -> None:
    """Remember a configured secret (an API key) so every later text is cleaned of it."""
    if secret and len(secret) >= MIN_SECRET_CHARS:
        with _lock:
            _secrets.add(secret)


def redact(text: str) -> str:
    """``text`` with every registered secret and credential-shaped value replaced."""
    for secret in _secrets:
        if secret in text:
            text = text.replace(secret, REDACTED)
    if not _HINT.search(text):
        return text
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


def redact_all(value: Any) -> Any:
    """A JSON-like value with ``redact`` applied to every string in it (keys included)."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {redact_all(k): redact_all(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [redact_all(v) for v in value]
    return value
