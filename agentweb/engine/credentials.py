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

import json
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
# A cheap first look: most texts contain none of these and skip the patterns. Every
# text a pattern matches holds, once lower-cased, one of these words (``_KEY_NAMES``
# spelled out)…
_NEEDLES = (
    "bearer",
    "authorization",
    *(
        f"{a}{sep}{b}"
        for a, b in (
            ("api", "key"),
            ("access", "token"),
            ("refresh", "token"),
            ("client", "secret"),
            ("secret", "key"),
        )
        for sep in ("", "_", "-")
    ),
    "password",
    "passwd",
    "://",
    "sk-",
)
# … unless it has one of the four letters outside ASCII that ``(?i)`` takes for an ASCII
# one (İ and ı for i, ſ for s, the Kelvin sign for k): such a text gets the patterns.
_CASE_TWINS = re.compile("[\u0130\u0131\u017f\u212a]")
# In JSON text (``ensure_ascii``) they are escapes: ``json.dumps`` writes lower-case hex.
_ESCAPED_TWINS = re.compile(r"\\u(?:0130|0131|017f|212a)")
# Every needle holds one of these words: a text is scanned for these few, and only a
# text that holds one of them is scanned for the needles themselves.
_STEMS = ("bearer", "authorization", "api", "access", "refresh", "secret", "passw", "://", "sk-")

# ``json.dumps`` without its check for cycles (events are trees), made once: the same text.
_ENCODER = json.JSONEncoder(check_circular=False)

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
    if not _suspicious(text):
        return text
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


def redact_all(value: Any) -> Any:
    """A JSON-like value with ``redact`` applied to every string in it (keys included).

    When no string in it can hold a credential, that is
    ``value`` itself: nothing is walked or copied."""
    return redact_all_encoded(value)[0]


def redact_all_encoded(value: Any) -> tuple[Any, str | None]:
    """``redact_all(value)``, and ``json.dumps`` of it when that is ``value`` itself (the
    text the first look read: whoever stores the value need not encode it again);
    ``None`` instead when redaction walked it."""
    text = _clean_json(value)
    if text is None:
        return _redact_each(value), None
    return value, text


def _redact_each(value: Any) -> Any:
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        # A key that is not text stays as it is (a list could not be a key).
        return {redact(k) if isinstance(k, str) else k: _redact_each(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_redact_each(v) for v in value]
    return value


def _clean_json(value: Any) -> str | None:
    """``json.dumps(value)`` when no string in it can hold a credential, else ``None``.

    The text is ASCII (everything else escaped): lower-casing and scanning it is
    cheaper than the same text with its letters outside ASCII, and JSON never escapes
    a character a needle holds, so every needle that occurs in a string occurs in it."""
    try:
        text = _ENCODER.encode(value)
    except (TypeError, ValueError):
        return None
    for secret in _secrets:
        if secret in text or json.dumps(secret)[1:-1] in text:
            return None
    low = text.lower()
    if _has_needle(low) or ("\\u" in text and _ESCAPED_TWINS.search(low) is not None):
        return None
    return text


def _suspicious(text: str) -> bool:
    """Whether a pattern could match in ``text`` (never ``False`` where one does)."""
    if _has_needle(text.lower()):
        return True
    return not text.isascii() and _CASE_TWINS.search(text) is not None


def _has_needle(low: str) -> bool:
    """Whether the lower-cased ``low`` holds a needle (a few scans when it holds no stem)."""
    for stem in _STEMS:
        if stem in low:
            return any(needle in low for needle in _NEEDLES)
    return False
