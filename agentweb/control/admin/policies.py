"""Per-workflow execution policies: complete, validated objects with history (R-POL-3, R-UI-3)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, path, reverse
from django.utils.translation import gettext_lazy

from agentweb.control.admin.history import VersionHistoryAdmin, history_links
from agentweb.control.admin.pages import StaffPageAdmin
from agentweb.control.admin.reload import reload_action, reload_view
from agentweb.control.admin.widgets import PrettyJSONField, pretty_json
from agentweb.control.config import policy_book
from agentweb.control.models import (
    EffectivePolicyPage,
    PolicyOverride,
    PolicyOverrideVersion,
    changed_fields,
    clean_policy_config,
    known_workflows,
)
from agentweb.engine.policy import MODULE_DEFAULTS
from agentweb.engine.policy_rules import FIELD_RULES, PAIR_RULES
from agentweb.lib.inputs.fields import IntText, Text
from agentweb.lib.inputs.http import read_query
from agentweb.lib.inputs.models import Params
from agentweb.workflows.effective_policies import effective_policies

CHANGE_PERMISSION = "control.change_policyoverride"


class WorkflowQuery(Params):
    """``?workflow=`` of the "add an override" link: the policy the form starts from."""

    workflow: Text = ""


class AgainstQuery(Params):
    """``?against=`` of a version's page: the version it is compared with."""

    against: IntText(1) | None = None


CONFIG_HELP = (
    "The complete policy object; every field is required (autoRethink optional): "
    + "; ".join(f"{rule.name} {rule.describe()}" for rule in FIELD_RULES)
    + ". "
    + "; ".join(f"{pair.lower} ≤ {pair.upper}" for pair in PAIR_RULES)
    + ". reactIterations 0 disables the loop. Applies to new requests only."
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


@admin.register(PolicyOverride)
class PolicyOverrideAdmin(admin.ModelAdmin):
    form = PolicyOverrideForm
    list_display = ["workflow", "enabled", "summary", "updated_by", "updated_at"]
    list_filter = ["enabled"]
    readonly_fields = ["module_default", "updated_by", "updated_at", "history"]
    actions = [reload_action]
    change_list_template = "control/admin/policy_change_list.html"

    def get_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        fields = ["workflow", "config", "enabled"]
        extra = ["module_default", "updated_by", "updated_at", "history"]
        return [*fields, *extra] if obj else fields

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

    def delete_model(self, request: HttpRequest, obj: PolicyOverride) -> None:
        obj.delete_by(request.user)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[PolicyOverride]) -> None:
        for override in queryset:
            override.delete_by(request.user)

    @admin.display(description="history of this workflow's policy (newest first)")
    def history(self, obj: PolicyOverride) -> str:
        versions = PolicyOverrideVersion.objects.filter(workflow=obj.workflow).order_by("-pk")
        return history_links(versions, None, version_url, describe_version)

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
        context = {"effective": effective_rows(), **(extra_context or {})}
        return super().changelist_view(request, extra_context=context)


def effective_rows() -> list[dict[str, Any]]:
    """Each workflow's effective policy with the links of its row (edit, history)."""
    add_url = reverse("admin:control_policyoverride_add")
    history_url = reverse("admin:control_policyoverrideversion_changelist")
    saved = dict(PolicyOverride.objects.values_list("workflow", "pk"))
    rows = []
    for policy in effective_policies(policy_book()):
        pk = saved.get(policy.workflow)
        query = urlencode({"workflow": policy.workflow})
        rows.append(
            {
                "workflow": policy.workflow,
                "policy": policy.effective,
                "source": policy.source,
                "values": policy.values,
                "warnings": policy.warnings,
                "has_override": pk is not None,
                "edit_url": reverse("admin:control_policyoverride_change", args=[pk])
                if pk
                else f"{add_url}?{query}",
                "history_url": f"{history_url}?{query}",
            }
        )
    return rows


def version_url(version: PolicyOverrideVersion) -> str:
    return reverse("admin:control_policyoverrideversion_change", args=[version.pk])


def describe_version(version: PolicyOverrideVersion) -> str:
    """ "admin form · modelCalls 4 → 6": how the version came and what it changed."""
    summary = change_summary(version.previous(), version)
    return " · ".join(part for part in (version.get_source_display(), summary) if part)


@admin.register(PolicyOverrideVersion)
class PolicyVersionAdmin(VersionHistoryAdmin):
    """Every saved state of every workflow's policy: view, compare, restore."""

    list_display = [
        "workflow",
        "version",
        "source",
        "enabled",
        "changes",
        "created_by",
        "created_at",
    ]
    list_display_links = ["workflow", "version"]
    list_filter = ["workflow", "source"]
    list_select_related = ["created_by"]
    change_form_template = "control/admin/policy_version_change_form.html"

    def get_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return [
            "workflow",
            "version",
            "source",
            "enabled",
            "note",
            "created_by",
            "created_at",
            "shown_config",
            "history",
        ]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return self.get_fields(request, obj)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # a version is made by an edit, a restore or a reload

    def may_restore(self, request: HttpRequest) -> bool:
        return request.user.has_perm(CHANGE_PERMISSION)

    def describe(self, version: Any) -> str:
        return describe_version(version)

    @admin.display(description="changes from the version before")
    def changes(self, obj: PolicyOverrideVersion) -> str:
        return change_summary(obj.previous(), obj) or "—"

    @admin.display(description="policy")
    def shown_config(self, obj: PolicyOverrideVersion) -> str:
        return pretty_json(obj.config)

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        version = self.get_object(request, object_id)  # None for an unknown or malformed id
        context: dict[str, Any] = {}
        if version is not None:
            asked = read_query(request, AgainstQuery, AgainstQuery()).against
            other = PolicyOverrideVersion.objects.filter(pk=asked).first() if asked else None
            if asked and other is None:
                messages.warning(
                    request, f"There is no version #{asked}; compared with the version before."
                )
            base = other or version.previous()
            context = {
                "against": base,
                "diff": changed_fields(base, version),
                "choices": version.history().exclude(pk=version.pk)[:50],
            }
        return super().change_view(
            request, object_id, form_url, {**context, **(extra_context or {})}
        )


def change_summary(before: PolicyOverrideVersion | None, after: PolicyOverrideVersion) -> str:
    """ "modelCalls 4 → 2, enabled true → false"; the first version says "first version"."""
    if before is None:
        return "first version"
    return ", ".join(
        f"{name} {_shown(old)} → {_shown(new)}" for name, old, new in changed_fields(before, after)
    )


def _shown(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@admin.register(EffectivePolicyPage)
class EffectivePolicyAdmin(StaffPageAdmin):
    """Each workflow's policy in force, where each value comes from, and the warnings."""

    template = "control/admin/effective_policies.html"
    title = gettext_lazy("Effective policies")

    def page_context(self, request: HttpRequest) -> dict[str, Any]:
        return {"rows": effective_rows(), "file_problems": policy_book().file_problems}
