"""Form pieces shared by the control admin pages."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.forms.fields import InvalidJSONInput
from django.utils.html import format_html

# Tall enough to show a whole policy object or a prompt without scrolling.
JSON_ROWS = 16
PROMPT_ROWS = 24
MONOSPACE = "font-family: monospace; width: 90%;"


class PrettyJSONField(forms.JSONField):
    """A JSON textarea that shows the stored object indented, one field per line."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("widget", forms.Textarea(attrs={"rows": JSON_ROWS, "style": MONOSPACE}))
        super().__init__(**kwargs)

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, InvalidJSONInput):
            return value  # the admin's own invalid text, shown back as typed
        return json.dumps(value, indent=2, ensure_ascii=False, cls=self.encoder)


def pretty_json(value: Any) -> str:
    """Read-only JSON for a detail page, escaped."""
    return format_html("<pre>{}</pre>", json.dumps(value, indent=2, ensure_ascii=False))


def prompt_textarea() -> forms.Textarea:
    return forms.Textarea(attrs={"rows": PROMPT_ROWS, "style": MONOSPACE})
