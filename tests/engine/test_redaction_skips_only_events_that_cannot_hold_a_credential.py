"""Redaction looks at a whole event once and leaves a clean one as it is, but every
credential the patterns catch is still caught: in any case, with the letters outside
ASCII that case-insensitive matching takes for ASCII ones, in keys and nested values."""

import itertools
import re

import pytest

from agentweb.engine import credentials
from agentweb.engine.credentials import REDACTED, redact, redact_all

SECRET = 'conf"igured\\key-5b1e9c'  # a quote and a backslash: escaped in JSON text
# The words the patterns start from, as the model or a page may write them.
TRIGGERS = [
    "Authorization: Bearer abc123def456",
    "proxy-authorization=Basic dXNlcjpwYXNz",
    "bearer tok3n-abcdefgh",
    "api_key=abcdef123456",
    "api-key: abcdef123456",
    "apikey=abcdef123456",
    "x-api-key: abcdef123456",
    "access_token=abcdef123456",
    "accesstoken=abcdef123456",
    "refresh-token=abcdef123456",
    "client_secret=abcdef123456",
    "secret_key=abcdef123456",
    "secretkey=abcdef123456",
    "password=hunter2hunter2",
    "passwd: hunter2hunter2",
    "https://alice:hunter2@example.org/x",
    "sk-abcdefghijklmnop1234",
]
# Case-insensitive matching takes these for i, i, s and k.
TWINS = {"i": ["\u0130", "\u0131"], "s": ["\u017f"], "k": ["\u212a"]}


def _every_pattern(text: str) -> str:
    """What redaction must produce: every pattern applied, no first look."""
    for secret in credentials._secrets:
        text = text.replace(secret, REDACTED)
    for pattern, replacement in credentials._PATTERNS:
        text = pattern.sub(replacement, text)
    return text


def _spellings(text: str):
    yield text
    yield text.upper()
    yield text.title()
    yield "".join(c.upper() if i % 2 else c for i, c in enumerate(text))
    for letter, twins in TWINS.items():
        for twin in twins:
            yield text.replace(letter, twin, 1)
            yield text.replace(letter, twin)


@pytest.fixture
def secret():
    credentials.register(SECRET)
    yield SECRET
    credentials._secrets.discard(SECRET)


def test_an_event_with_nothing_to_redact_is_passed_on_as_it_is():
    data = {
        "round": 2,
        "request": '{"task": "answer", "tokens_in": 120, "text": "Wie baue ich das? 分析"}',
        "observation": {"quests": [{"title": "Burning Device", "tasks": ["32× Andesite Alloy"]}]},
        "latency_ms": 50.1,
        "partial": None,
    }
    assert redact_all(data) is data


@pytest.mark.parametrize("trigger", TRIGGERS)
def test_every_spelling_of_every_credential_shape_is_redacted_where_it_sits(trigger):
    for text in _spellings(trigger):
        expected = _every_pattern(text)
        assert redact(text) == expected, text
        event = {"round": 1, "nested": {text: ["ok", {"reply": f"model said: {text}"}]}}
        assert redact_all(event) == {
            "round": 1,
            "nested": {expected: ["ok", {"reply": _every_pattern(f"model said: {text}")}]},
        }, text


def test_the_patterns_change_something_in_every_trigger():
    # Else the test above would pass with redaction switched off.
    changed = [t for t in TRIGGERS if _every_pattern(t) != t]
    assert changed == TRIGGERS


def test_a_registered_secret_is_found_even_where_json_would_escape_it(secret):
    event = {"reply": f"echo: {secret}!", "items": [f"x{secret}"], secret: 1}
    cleaned = redact_all(event)
    assert cleaned == {
        "reply": f"echo: {REDACTED}!",
        "items": [f"x{REDACTED}"],
        REDACTED: 1,
    }
    assert secret not in repr(cleaned)


def test_values_that_are_not_json_are_still_walked():
    event = {("tuple", "key"): "Bearer abcdef123456", "text": "api_key=abc123456"}
    assert redact_all(event) == {
        ("tuple", "key"): f"Bearer {REDACTED}",
        "text": f"api_key={REDACTED}",
    }


def test_the_first_look_never_misses_what_the_patterns_match():
    # Random words glued to the triggers' words: the first look may say yes too often,
    # never too seldom.
    words = ["key", "api", "token", "access", "secret", "pass", "wd", "bear", "er", "sk", "-"]
    words += ["_", ":", "=", " ", "a1b2c3d4e5", "://", "u:p@h", "Auth", "orization"]
    for combo in itertools.product(words, repeat=3):
        text = "".join(combo)
        hit = any(p.search(text) for p, _ in credentials._PATTERNS)
        if hit:
            assert credentials._suspicious(text), text
    assert re.search("sk-", "sk-") and credentials._suspicious("xxsk-")
