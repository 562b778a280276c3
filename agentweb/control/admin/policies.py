"""Per-workflow execution policies: complete, validated objects with history (R-POL-3, R-UI-3)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, path, reverse

from agentweb.control.admin.reload import reload_action, reload_view
from agentweb.control.admin.widgets import PrettyJSONField, pretty_json
from agentweb.control.config import effective_policies
from agentweb.control.models import (
    PolicyOverride,
    PolicyOverrideVersion,
    clean_policy_config,
    known_workflows,
)
from agentweb.engine.policy import MODULE_DEFAULTS
from agentweb.lib.inputs.fields import Text
from agentweb.lib.inputs.http import read_query
from agentweb.lib.inputs.models import Params


class WorkflowQuery(Params):
    """``?workflow=`` of the "add an override" link: the policy the form starts from."""

    workflow: Text = ""


CONFIG_HELP = (
    "The complete policy object: every field is required (modelCalls, toolCalls, steps, "
    "writeSteps, inputBytes, outputTokens, totalTokens, ttlMillis, modelTimeoutMillis, "
    "reactIterations; autoRethink optional). reactIterations 0 disables the loop; missing "
    "or invalid becomes 3. Applies to new requests only."
)


class PolicyOverrideForm(forms.ModelForm):
    workflow = forms.ChoiceField(
        choices=[(w, w) for w in known_workflows()],
        error_messages={
            "invalid_choice": "unknown workflow id %(value)s; choose one of "
            + ", ".join(known_workflows())
        },
    )
    config = PrettyJSONField(help_text=CONFIG_HELP)

    class Meta:
        model = PolicyOverride
        fields = ["workflow", "config", "enabled"]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        # On the change form the workflow is read-only: it is the row's own.
        workflow = self.instance.workflow if self.instance.pk else data.get("workflow")
        if workflow is None or "config" in self.errors:
            return data
        try:
            data["config"] = clean_policy_config(workflow, data.get("config"))
        except ValidationError as exc:
            self.add_error("config", exc)
        return data


class VersionInline(admin.TabularInline):
    model = PolicyOverrideVersion
    fk_name = "override"
    fields = ["saved_at", "saved_by", "enabled", "shown_config"]
    readonly_fields = fields
    extra = 0
    can_delete = False
    verbose_name_plural = "history (every save)"

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="config")
    def shown_config(self, obj: PolicyOverrideVersion) -> str:
        return pretty_json(obj.config)


@admin.register(PolicyOverride)
class PolicyOverrideAdmin(admin.ModelAdmin):
    form = PolicyOverrideForm
    list_display = ["workflow", "enabled", "summary", "updated_by", "updated_at"]
    list_filter = ["enabled"]
    readonly_fields = ["module_default", "updated_by", "updated_at"]
    inlines = [VersionInline]
    actions = [reload_action]
    change_list_template = "control/admin/policy_change_list.html"

    def get_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        fields = ["workflow", "config", "enabled"]
        return [*fields, "module_default", "updated_by", "updated_at"] if obj else fields

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        # The workflow is the row's identity: to move an override, delete and add.
        return [*self.readonly_fields, "workflow"] if obj else []

    def get_changeform_initial_data(self, request: HttpRequest) -> dict[str, Any]:
        taken = set(PolicyOverride.objects.values_list("workflow", flat=True))
        free = [w for w in known_workflows() if w not in taken] or known_workflows()
        workflow = read_query(request, WorkflowQuery, WorkflowQuery()).workflow
        if workflow not in MODULE_DEFAULTS:
            workflow = free[0]
        # Start from the module default, so the admin edits a complete object.
        return {"workflow": workflow, "config": MODULE_DEFAULTS[workflow].as_config()}

    def save_model(
        self, request: HttpRequest, obj: PolicyOverride, form: Any, change: bool
    ) -> None:
        obj.updated_by = request.user
        super().save_model(request, obj, form, change)
        if obj.config.get("reactIterations") == 0:
            messages.info(
                request,
                f"reactIterations is 0: the loop is disabled for {obj.workflow}; "
                "it answers without multi-step analysis.",
            )

    @admin.display(description="module default (R-POL-2)")
    def module_default(self, obj: PolicyOverride) -> str:
        default = MODULE_DEFAULTS.get(obj.workflow)
        return pretty_json(default.as_config()) if default else "—"

    @admin.display(description="rounds · model · tools · steps · deadline")
    def summary(self, obj: PolicyOverride) -> str:
        c = obj.config
        try:
            return (
                f"{c['reactIterations']} · {c['modelCalls']} · {c['toolCalls']} · "
                f"{c['steps']} · {c['ttlMillis'] // 1000} s"
            )
        except (KeyError, TypeError):
            return "invalid (module default in force)"

    def get_urls(self) -> list[URLPattern]:
        reload = self.admin_site.admin_view(reload_view)
        return [path("reload/", reload, name="control_reload_files"), *super().get_urls()]

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        add_url = reverse("admin:control_policyoverride_add")
        saved = dict(PolicyOverride.objects.values_list("workflow", "pk"))
        rows = effective_policies()
        for row in rows:
            pk = saved.get(row["workflow"])
            row["edit_url"] = (
                reverse("admin:control_policyoverride_change", args=[pk])
                if pk
                else f"{add_url}?{urlencode({'workflow': row['workflow']})}"
            )
            row["has_override"] = pk is not None
        context = {"effective": rows, **(extra_context or {})}
        return super().changelist_view(request, extra_context=context)
