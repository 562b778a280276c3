"""Prompt templates with history and restore (R-UI-3).

Versions are append-only: "edit" adds a version starting from the text in
force, "restore" adds a version with an old text. The latest version of a
name is in force for new requests; an empty text means the file again.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django import forms
from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from agentweb.control.admin.history import VersionHistoryAdmin
from agentweb.control.admin.reload import reload_action
from agentweb.control.admin.widgets import prompt_textarea
from agentweb.control.config import prompt_file_text, prompt_names, prompt_snapshot
from agentweb.control.models import PromptVersion
from agentweb.lib.inputs.fields import Text
from agentweb.lib.inputs.http import read_query
from agentweb.lib.inputs.models import Params


class NameQuery(Params):
    """``?name=`` of the "edit" link: the prompt a new version starts from."""

    name: Text = ""


class PromptVersionForm(forms.ModelForm):
    class Meta:
        model = PromptVersion
        fields = ["name", "text", "note"]
        widgets = {"text": prompt_textarea()}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Only the files in prompts/ can be overridden; read when the form is built.
        names = prompt_names()
        self.fields["name"] = forms.ChoiceField(
            choices=[(n, n) for n in names],
            error_messages={
                "invalid_choice": f"unknown prompt %(value)s; the files are: {', '.join(names)}"
            },
        )


@admin.register(PromptVersion)
class PromptVersionAdmin(VersionHistoryAdmin):
    form = PromptVersionForm
    list_display = ["name", "version", "in_force", "note", "created_by", "created_at", "length"]
    list_display_links = ["name", "version"]
    list_filter = ["name", "created_at"]
    search_fields = ["name", "note", "text"]
    list_select_related = ["created_by"]
    actions = ["restore_selected", reload_action]
    change_list_template = "control/admin/prompt_change_list.html"

    def get_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        if obj is None:
            return ["name", "text", "note"]
        return ["name", "in_force", "note", "created_by", "created_at", "text", "history"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return self.get_fields(request, obj) if obj is not None else []

    def get_changeform_initial_data(self, request: HttpRequest) -> dict[str, Any]:
        names = prompt_names()
        asked = read_query(request, NameQuery, NameQuery()).name
        name = asked if asked in names else (names[0] if names else "")
        return {"name": name, "text": prompt_snapshot().get(name, "")}

    def save_model(self, request: HttpRequest, obj: PromptVersion, form: Any, change: bool) -> None:
        obj.created_by = request.user
        super().save_model(request, obj, form, change)
        if not obj.text.strip():
            messages.info(
                request, f"{obj.name}: the file prompts/{obj.name}.txt is in force again."
            )

    @admin.display(description="in force", boolean=True)
    def in_force(self, obj: PromptVersion) -> bool:
        return obj.is_active

    @admin.display(description="characters")
    def length(self, obj: PromptVersion) -> int:
        return len(obj.text)

    def describe(self, version: Any) -> str:
        return version.note or ("(file again)" if not version.text.strip() else "")

    @staticmethod
    def _in_force_rows() -> list[dict[str, Any]]:
        latest = {v.name: v for v in PromptVersion.latest()}
        add_url = reverse("admin:control_promptversion_add")
        rows = []
        for name in prompt_names():
            version = latest.get(name)
            from_file = version is None or not version.text.strip()
            rows.append(
                {
                    "name": name,
                    "source": "file" if from_file else f"version #{version.pk}",
                    "chars": len(prompt_file_text(name) if from_file else version.text),
                    "edit_url": f"{add_url}?{urlencode({'name': name})}",
                    "history_url": reverse("admin:control_promptversion_changelist")
                    + f"?{urlencode({'name': name})}",
                }
            )
        return rows

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        context = {"in_force": self._in_force_rows(), **(extra_context or {})}
        return super().changelist_view(request, extra_context=context)
