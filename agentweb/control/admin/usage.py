"""Quotas per player, daily counters and the usage ledger (R-QUOTA-1, R-BILL-1)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Avg, Count, Q, Sum
from django.http import HttpRequest, HttpResponse
from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html

from agentweb.control import quotas
from agentweb.control.admin.pages import ReadOnlyAdmin
from agentweb.control.models import OUTCOME_OK, DailyUsage, PlayerQuota, UsageEntry


@admin.register(PlayerQuota)
class PlayerQuotaAdmin(admin.ModelAdmin):
    list_display = ["user", "daily_model_calls", "daily_tokens", "in_force", "used_today"]
    search_fields = ["user__username"]
    autocomplete_fields = ["user"]
    list_select_related = ["user"]
    readonly_fields = ["in_force", "used_today"]

    @admin.display(description="limits in force")
    def in_force(self, obj: PlayerQuota) -> str:
        if obj.pk is None:
            return "—"
        calls, tokens = quotas.daily_limits(obj.user_id)
        return f"{calls} calls/day" + (f", {tokens} tokens/day" if tokens is not None else "")

    @admin.display(description="used today (UTC)")
    def used_today(self, obj: PlayerQuota) -> str:
        if obj.pk is None:
            return "—"
        status = quotas.quota_status(obj.user_id)
        return f"{status.model_calls_used} calls, {status.tokens_used} tokens"


@admin.register(DailyUsage)
class DailyUsageAdmin(ReadOnlyAdmin):
    list_display = ["day", "user", "model_calls", "tokens"]
    list_filter = ["day"]
    search_fields = ["user__username"]
    date_hierarchy = "day"
    list_select_related = ["user"]


class FailedFilter(admin.SimpleListFilter):
    title = "result"
    parameter_name = "result"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("ok", "succeeded"), ("failed", "failed")]

    def queryset(self, request: HttpRequest, queryset: Any) -> Any:
        if self.value() == "ok":
            return queryset.filter(outcome=OUTCOME_OK)
        if self.value() == "failed":
            return queryset.exclude(outcome=OUTCOME_OK)
        return queryset


@admin.register(UsageEntry)
class UsageEntryAdmin(ReadOnlyAdmin):
    list_display = [
        "created_at",
        "user",
        "run_link",
        "workflow",
        "purpose",
        "model",
        "tokens_in",
        "tokens_out",
        "latency_ms",
        "outcome",
    ]
    list_filter = [
        ("user", admin.RelatedOnlyFieldListFilter),
        "workflow",
        FailedFilter,
        "outcome",
        "purpose",
        "created_at",
    ]
    search_fields = ["user__username", "model", "workflow"]
    date_hierarchy = "created_at"
    list_select_related = ["user"]
    change_list_template = "control/admin/usage_change_list.html"

    @admin.display(description="run", ordering="run_id")
    def run_link(self, obj: UsageEntry) -> str:
        if obj.run_id is None:
            return "—"
        try:
            url = reverse("admin:assistant_run_change", args=[obj.run_id])
        except NoReverseMatch:
            return f"#{obj.run_id}"
        return format_html('<a href="{}">#{}</a>', url, obj.run_id)

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        response = super().changelist_view(request, extra_context)
        context = getattr(response, "context_data", None)
        if context and "cl" in context:
            # Totals of what the filters select, not only of the page shown.
            context["totals"] = context["cl"].queryset.aggregate(
                calls=Count("id"),
                failed=Count("id", filter=~Q(outcome=OUTCOME_OK)),
                tokens_in=Sum("tokens_in", default=0),
                tokens_out=Sum("tokens_out", default=0),
                latency=Avg("latency_ms"),
            )
        return response
