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
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html_join

from agentweb.control.admin.reload import reload_action
from agentweb.control.admin.widgets import prompt_textarea
from agentweb.control.config import prompt_file_text, prompt_names, prompt_snapshot
from agentweb.control.models import PromptVersion
from agentweb.lib.inputs.fields import Text
from agentweb.lib.inputs.http import read_query, reads
from agentweb.lib.inputs.models import Params

# Versions listed on a version's page; older ones are in the filtered changelist.
HISTORY_SHOWN = 20


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


def restore(version: PromptVersion, user: Any) -> PromptVersion:
    """Make an old text current again by adding it as the newest version."""
    return PromptVersion.objects.create(
        name=version.name,
        text=version.text,
        note=f"restored from version #{version.pk}",
        created_by=user,
    )


@admin.register(PromptVersion)
class PromptVersionAdmin(admin.ModelAdmin):
    form = PromptVersionForm
    list_display = ["name", "version", "in_force", "note", "created_by", "created_at", "length"]
    list_display_links = ["name", "version"]
    list_filter = ["name", "created_at"]
    search_fields = ["name", "note", "text"]
    list_select_related = ["created_by"]
    actions = ["restore_selected", reload_action]
    change_list_template = "control/admin/prompt_change_list.html"
    change_form_template = "control/admin/prompt_change_form.html"

    def get_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        if obj is None:
            return ["name", "text", "note"]
        return ["name", "in_force", "note", "created_by", "created_at", "text", "history"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return self.get_fields(request, obj) if obj is not None else []

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # History is immutable: a saved version is only viewed, restored or deleted.
        return obj is None and super().has_change_permission(request, obj)

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

    @admin.display(description="version")
    def version(self, obj: PromptVersion) -> str:
        return f"#{obj.pk}"

    @admin.display(description="in force", boolean=True)
    def in_force(self, obj: PromptVersion) -> bool:
        return obj.is_active

    @admin.display(description="characters")
    def length(self, obj: PromptVersion) -> int:
        return len(obj.text)

    @admin.display(description="history of this prompt (newest first)")
    def history(self, obj: PromptVersion) -> str:
        rows = PromptVersion.objects.filter(name=obj.name).select_related("created_by")
        shown = rows[:HISTORY_SHOWN]
        return format_html_join(
            "",
            '<div>{}<a href="{}">#{}</a> {} by {} — {}</div>',
            (
                (
                    "▶ " if v.pk == obj.pk else "",
                    reverse("admin:control_promptversion_change", args=[v.pk]),
                    v.pk,
                    f"{v.created_at:%Y-%m-%d %H:%M}",
                    v.created_by or "—",
                    v.note or ("(file again)" if not v.text.strip() else ""),
                )
                for v in shown
            ),
        )

    @admin.action(description="Restore this version (adds it as the newest)", permissions=["add"])
    def restore_selected(self, request: HttpRequest, queryset: QuerySet[PromptVersion]) -> None:
        chosen: dict[str, PromptVersion] = {}
        for version in queryset.order_by("pk"):
            if version.name in chosen:
                messages.error(request, f"Choose one version of {version.name} to restore.")
                return
            chosen[version.name] = version
        for version in chosen.values():
            new = restore(version, request.user)
            messages.success(request, f"{new.name}: version #{version.pk} restored as #{new.pk}.")

    def get_urls(self) -> list[URLPattern]:
        view = self.admin_site.admin_view(self.restore_view)
        name = "control_promptversion_restore"
        return [path("<id:pk>/restore/", view, name=name), *super().get_urls()]

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

    @reads(errors="page")
    def restore_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        """The "restore this version" button: POST only, needs the add permission."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        if not self.has_add_permission(request):
            raise PermissionDenied
        version = get_object_or_404(PromptVersion, pk=pk)
        new = restore(version, request.user)
        messages.success(request, f"{new.name}: version #{version.pk} restored as #{new.pk}.")
        return HttpResponseRedirect(reverse("admin:control_promptversion_change", args=[new.pk]))
