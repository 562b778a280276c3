"""The one description of each trace event (SPEC §15): its title, from a translated format.

The formats are data (``labels.event_titles``), read in two places: ``render.js`` gets
them with the page's words (``js_labels()["events"]``) and describes every live event of
the chat trace and the trace viewer; ``describe()`` below reads the same formats for the
rows the trace viewer renders on the server (waterfall, comparison, problems), so a
reviewer and a player see one wording, in their language, before any script runs.

A format is text with fields of the event's data:

* ``{a.b}`` the field ``b`` of ``a``; ``{a,b}`` the first of ``a`` and ``b`` that is set;
  a list is joined with ", ";
* ``{a|ms}`` milliseconds, rounded; ``{a|int}`` rounded; ``{a|coins}`` a count of a word
  with the labels ``coins_one`` ("{n} coin") and ``coins_other`` ("{n} coins");
  ``{a|status}`` (any other word) the page's label ``status_<value>`` if there is one,
  else the value;
* ``[…]`` a part shown only when every field in it is set (not missing, empty or false);
  ``{?a}`` inside it a condition that shows nothing, ``{!a}`` one that holds when ``a`` is
  not set. A field outside ``[…]`` that is not set shows as ``?``.

Values are written as JavaScript writes them: ``true`` / ``false``, ``2`` for ``2.0``,
lists joined with ", ", objects as ``key: value`` pairs — so the page's script and the
server give the same text for the same data (the result cards use these formats too,
``page/cards.py``).

``render.js`` (``title``) reads a format with the same rules; a browser test checks that
both give the same words for a run.
"""

from __future__ import annotations

import math
import re
from functools import cache
from typing import Any

from django.utils.translation import get_language

from agentweb.assistant.page.labels import js_labels

FIELD = re.compile(r"\{([?!]?)([^}|]+)(?:\|([a-z_]+))?\}")
# The format split into optional parts ("[…]") and the text between them.
PART = re.compile(r"\[([^\]]*)\]|([^\[]+)")


def _value(data: dict[str, Any], paths: str) -> Any:
    for path in paths.split(","):
        value: Any = data
        for key in path.strip().split("."):
            value = value.get(key) if isinstance(value, dict) else None
        if _set(value):
            return value
    return None


def _set(value: Any) -> bool:
    return value is not None and value is not False and value != "" and value != []


def _js(value: Any) -> str:
    """``String(value)`` in JavaScript, for the values JSON has."""
    if value is True or value is False:
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e21:
            return str(int(value))
        return repr(value)
    if isinstance(value, list):
        return ", ".join(_js(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_js(v)}" for k, v in value.items())
    return str(value)


def shown_text(value: Any, word: str | None, labels: dict[str, Any]) -> str:
    """One field's value as a format shows it (``word``: ``ms``, ``int`` or a label group)."""
    if word in ("ms", "int"):
        try:
            number = str(math.floor(float(value) + 0.5))  # rounds as JavaScript does
        except (TypeError, ValueError):
            number = _js(value)
        return number + " ms" if word == "ms" else number
    if word:
        counted = labels.get(f"{word}_one")
        if isinstance(counted, str):
            form = counted if value == 1 else labels.get(f"{word}_other", counted)
            return form.replace("{n}", _js(value))
        label = labels.get(f"{word}_{_js(value)}")
        return label if isinstance(label, str) else _js(value)
    return "" if value is True else _js(value)


def _fill(text: str, data: dict[str, Any], labels: dict[str, Any], optional: bool) -> str:
    missing = False

    def field(match: re.Match[str]) -> str:
        nonlocal missing
        condition, paths, word = match.groups()
        value = _value(data, paths)
        if condition == "!":
            missing = missing or _set(value)
            return ""
        if not _set(value):
            missing = True
            return "?"
        return "" if condition else shown_text(value, word, labels)

    out = FIELD.sub(field, text)
    return "" if optional and missing else out


def title(format_: str, data: dict[str, Any], labels: dict[str, Any]) -> str:
    """A format filled in with ``data`` (the rules in the module's docstring)."""
    return "".join(
        _fill(m[1], data, labels, True) if m[1] is not None else _fill(m[2], data, labels, False)
        for m in PART.finditer(format_)
    )


@cache
def _words(language: str | None) -> tuple[dict[str, str], dict[str, Any]]:
    labels = js_labels()
    return labels["events"], labels


def describe(kind: str, data: dict[str, Any] | None) -> str:
    """The title of one event in the active language (an unknown kind is its own title)."""
    formats, labels = _words(get_language())
    format_ = formats.get(kind)
    return title(format_, data or {}, labels) if format_ else kind


def label(key: str) -> str:
    """One of the page's words (``labels.js_labels``) in the active language; else the key."""
    found = _words(get_language())[1].get(key)
    return found if isinstance(found, str) else key
