"""Template filters of the trace viewer. They return plain strings: autoescape still applies."""

from __future__ import annotations

import json
from typing import Any

from django import template
from django.utils.translation import gettext_lazy

from agentweb.assistant.page.describe import describe as describe_event
from agentweb.assistant.page.describe import label

register = template.Library()


@register.filter
def pretty_json(value: Any) -> str:
    """Indented JSON of a value; a string holding JSON (a model request) is parsed first."""
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            return value
    return json.dumps(value, indent=2, ensure_ascii=False, sort_keys=False)


@register.filter
def ms(value: Any) -> str:
    """A duration in milliseconds, readable: ``0.4 ms``, ``120 ms``, ``2.35 s``."""
    if not isinstance(value, int | float):
        return "–"
    if value < 10:
        return f"{value:.1f} ms"
    if value < 1000:
        return f"{value:.0f} ms"
    return f"{value / 1000:.2f} s"


@register.filter
def pct(value: Any) -> str:
    """A percentage for an inline style, always with a dot (never localized)."""
    number = float(value) if isinstance(value, int | float) else 0.0
    return f"{max(0.0, min(number, 100.0)):.2f}%"


@register.filter
def get_item(mapping: Any, key: Any) -> Any:
    """``mapping[key]`` or ``None``: a prompt snapshot looked up by a call's prompt key."""
    return mapping.get(key) if isinstance(mapping, dict) else None


@register.filter
def describe(kind: str, data: Any) -> str:
    """An event's title, as the chat trace words it.

    ``{{ step.described_as|describe:step.data }}``, ``{{ "round.started"|describe:round.info }}``
    """
    return describe_event(str(kind), data if isinstance(data, dict) else {})


@register.filter
def status_label(status: Any) -> str:
    """A run's status in the reviewer's language, as the chat page words it."""
    return label(f"status_{status}")


@register.filter
def flag_label(flag: Any) -> str:
    """A mark of a run (``traces/marks.py``) in the reviewer's language."""
    return str(FLAG_LABELS.get(str(flag), flag))


FLAG_LABELS = {
    "active": gettext_lazy("running"),
    "undone": gettext_lazy("undone"),
    "forgotten": gettext_lazy("forgotten"),
    "redacted": gettext_lazy("redacted"),
    "imported": gettext_lazy("imported"),
    "experiment": gettext_lazy("experiment"),
}
