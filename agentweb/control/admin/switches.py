"""The assistant settings singleton: one page, no list (R-UI-3)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse

from agentweb.control import slots
from agentweb.control.models import AssistantSettings


@admin.register(AssistantSettings)
class AssistantSettingsAdmin(admin.ModelAdmin):
    fields = [
        "external_search_enabled",
        "purge_on_forget",
        "max_concurrent_model_calls",
        "default_daily_model_calls",
        "staff_max_react_iterations",
        "staff_max_model_timeout_millis",
        "staff_may_enable_auto_rethink",
        "in_force",
        "model_calls_in_flight",
        "config_version",
        "files_version",
        "updated_at",
    ]
    readonly_fields = [
        "in_force",
        "model_calls_in_flight",
        "config_version",
        "files_version",
        "updated_at",
    ]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # the one row is created on first use

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        # A list of one row is noise: go straight to the settings page.
        row = AssistantSettings.load()
        return HttpResponseRedirect(
            reverse("admin:control_assistantsettings_change", args=[row.pk])
        )

    @admin.display(description="limits in force")
    def in_force(self, obj: AssistantSettings) -> str:
        return (
            f"{obj.max_concurrent()} model calls in flight server-wide; "
            f"{obj.daily_model_calls()} model calls per player per day by default"
        )

    @admin.display(description="model calls in flight now")
    def model_calls_in_flight(self, obj: AssistantSettings) -> int:
        return slots.model_calls_in_flight()
