from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone

from agentweb.assistant.api.auth import generate_key, revoke
from agentweb.assistant.models import ApiToken, Exchange, InboxEntry, MemoryState, Run, RunEvent


class RunEventInline(admin.TabularInline):
    model = RunEvent
    fields = ("seq", "kind", "ts")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = False


@admin.register(Run)
class RunAdmin(admin.ModelAdmin):
    list_display = ("id", "user", "workflow", "status", "failure", "created_at")
    list_filter = ("status", "workflow", "failure")
    search_fields = ("question", "answer", "user__username")
    readonly_fields = [f.name for f in Run._meta.fields]
    inlines = [RunEventInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(MemoryState)
class MemoryStateAdmin(admin.ModelAdmin):
    list_display = ("user", "generation", "assistant_enabled", "updated_at")
    search_fields = ("user__username",)


@admin.register(Exchange)
class ExchangeAdmin(admin.ModelAdmin):
    list_display = ("run", "user", "generation", "created_at")
    search_fields = ("user__username",)


@admin.register(InboxEntry)
class InboxEntryAdmin(admin.ModelAdmin):
    list_display = ("id", "user", "run", "status", "created_at")
    list_filter = ("status",)


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = (
        "name",
        "user",
        "prefix",
        "created_at",
        "expires_at",
        "last_used_at",
        "state",
    )
    list_filter = ("revoked",)
    search_fields = ("name", "prefix", "user__username")
    fields = (
        "user",
        "name",
        "expires_at",
        "revoked",
        "prefix",
        "created_at",
        "last_used_at",
        "revoked_at",
    )
    readonly_fields = ("prefix", "created_at", "last_used_at", "revoked_at")
    actions = ["revoke_tokens"]

    @admin.display(description="state")
    def state(self, obj: ApiToken) -> str:
        if obj.revoked:
            return "revoked"
        return "expired" if obj.expired else "valid"

    @admin.action(description="Revoke the selected tokens")
    def revoke_tokens(self, request: HttpRequest, queryset: QuerySet[ApiToken]) -> None:
        count = revoke(queryset)
        self.message_user(request, f"{count} token(s) revoked; they are refused from now on.")

    def save_model(self, request: HttpRequest, obj: ApiToken, form: Any, change: bool) -> None:
        if change:
            if obj.revoked and obj.revoked_at is None:
                obj.revoked_at = timezone.now()
            super().save_model(request, obj, form, change)
            return
        key = generate_key(obj)
        super().save_model(request, obj, form, change)
        messages.warning(
            request, f"API token for {obj.user}: {key} — copy it now; it is shown only once."
        )
