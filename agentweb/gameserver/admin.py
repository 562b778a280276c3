"""Admin: deliveries (one-click retry and resolve), links, game-server tokens, RCON health."""

from __future__ import annotations

from typing import Any, Literal

from django import forms
from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.decorators import method_decorator
from django.utils.html import format_html, format_html_join
from django.views.decorators.http import require_POST

from agentweb.game.models import Delivery, DeliveryState
from agentweb.gameserver import linking
from agentweb.gameserver.auth import generate_key
from agentweb.gameserver.commands import KINDS, REPLY_FIELDS, command_book, template_problem
from agentweb.gameserver.errors import GameApiError
from agentweb.gameserver.models import (
    AccountLink,
    DelivererStatus,
    DeliveryCommands,
    GameServerToken,
    LinkCode,
)
from agentweb.lib.inputs.http import reads
from agentweb.lib.inputs.models import Params

NEEDS_ADMIN = (DeliveryState.FAILED, DeliveryState.UNKNOWN)


class ResolveForm(Params):
    """The button pressed: "It arrived" (``delivered``) or "It did not" (``failed``)."""

    outcome: Literal["delivered", "failed"]


@admin.register(Delivery)
class DeliveryAdmin(admin.ModelAdmin):
    list_display = ("id", "profile", "label", "kind", "state", "detail", "attempts", "buttons")
    list_filter = ("state", "kind", "channel")
    list_select_related = ("profile",)
    search_fields = ("profile__minecraft_name", "label", "reason")
    readonly_fields = [f.name for f in Delivery._meta.fields]
    actions = ["retry_selected", "resolve_delivered", "resolve_failed"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def get_urls(self) -> list[Any]:
        view = self.admin_site.admin_view
        return [
            path("<id:pk>/retry/", view(self.retry_view), name="game_delivery_retry"),
            path("<id:pk>/resolve/", view(self.resolve_view), name="game_delivery_resolve"),
            *super().get_urls(),
        ]

    @admin.display(description="")
    def buttons(self, obj: Delivery) -> str:
        """One click each: buttons inside the changelist form post to their own URL."""
        if obj.state not in NEEDS_ADMIN:
            return ""
        links = [
            (reverse("admin:game_delivery_retry", args=[obj.pk]), "", "Send again"),
            (reverse("admin:game_delivery_resolve", args=[obj.pk]), "delivered", "It arrived"),
        ]
        if obj.state == DeliveryState.UNKNOWN:
            links.append(
                (reverse("admin:game_delivery_resolve", args=[obj.pk]), "failed", "It did not")
            )
        return format_html_join(
            " ",
            '<button type="submit" formaction="{}" name="outcome" value="{}">{}</button>',
            links,
        )

    def changelist_view(self, request: HttpRequest, extra_context: Any = None) -> HttpResponse:
        for status in DelivererStatus.objects.failing():
            messages.error(
                request, f"RCON deliverer {status.name} ({status.target}): {status.message}"
            )
        return super().changelist_view(request, extra_context)

    @method_decorator(require_POST)
    @reads(errors="page")
    def retry_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        delivery = get_object_or_404(Delivery, pk=pk)
        self._said(request, Delivery.objects.retry([pk]), f"{delivery} will be sent again.")
        return self._back()

    @method_decorator(require_POST)
    @reads(form=ResolveForm, errors="page")
    def resolve_view(self, request: HttpRequest, pk: int, *, form: ResolveForm) -> HttpResponse:
        delivery = get_object_or_404(Delivery, pk=pk)
        arrived = form.outcome == "delivered"
        done = Delivery.objects.resolve([pk], arrived, request.user.get_username())
        self._said(request, done, f"{delivery} marked {'delivered' if arrived else 'failed'}.")
        return self._back()

    def _said(self, request: HttpRequest, changed: int, message: str) -> None:
        if changed:
            self.message_user(request, message, messages.SUCCESS)
        else:
            self.message_user(request, "It changed meanwhile; nothing was done.", messages.WARNING)

    @staticmethod
    def _back() -> HttpResponse:
        return HttpResponseRedirect(reverse("admin:game_delivery_changelist"))

    @admin.action(description="Send the selected failed or unknown deliveries again")
    def retry_selected(self, request: HttpRequest, queryset: Any) -> None:
        n = Delivery.objects.retry(list(queryset.values_list("pk", flat=True)))
        self.message_user(request, f"{n} deliveries will be sent again.")

    @admin.action(description="Resolve: they arrived in game")
    def resolve_delivered(self, request: HttpRequest, queryset: Any) -> None:
        pks = list(queryset.values_list("pk", flat=True))
        n = Delivery.objects.resolve(pks, True, request.user.get_username())
        self.message_user(request, f"{n} deliveries marked delivered.")

    @admin.action(description="Resolve: they did not arrive")
    def resolve_failed(self, request: HttpRequest, queryset: Any) -> None:
        pks = list(queryset.values_list("pk", flat=True))
        n = Delivery.objects.resolve(pks, False, request.user.get_username())
        self.message_user(request, f"{n} deliveries marked failed.")


class LinkForm(forms.ModelForm):
    """Linking by hand: a web account, the Minecraft UUID and name."""

    user = forms.ModelChoiceField(queryset=get_user_model().objects.all())
    minecraft_name = forms.CharField(max_length=16)

    class Meta:
        model = AccountLink
        fields = ("uuid",)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        try:
            name = linking.check_name(data.get("minecraft_name"))
            if data.get("user") is not None and data.get("uuid") is not None:
                linking.check_link(data["user"], data["uuid"], name)
        except GameApiError as exc:
            raise forms.ValidationError(exc.message) from None
        return data


@admin.register(AccountLink)
class AccountLinkAdmin(admin.ModelAdmin):
    list_display = ("profile", "uuid", "in_game", "linked_by", "linked_at", "state_pushed_at")
    search_fields = ("profile__minecraft_name", "profile__user__username", "uuid")
    list_select_related = ("profile",)
    readonly_fields = ("profile", "uuid", "linked_by", "linked_at", "state_pushed_at", "seen_at")

    @admin.display(description="in game", boolean=True)
    def in_game(self, obj: AccountLink) -> bool | None:
        return obj.profile.online

    def get_form(self, request: HttpRequest, obj: Any = None, **kwargs: Any) -> Any:
        if obj is None:
            kwargs["form"] = LinkForm
        return super().get_form(request, obj, **kwargs)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        return self.readonly_fields if obj is not None else ()

    def get_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        if obj is None:
            return ("user", "uuid", "minecraft_name")
        return self.readonly_fields

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        if change:
            super().save_model(request, obj, form, change)
            return
        data = form.cleaned_data
        made = linking.link_by_admin(
            data["user"], data["uuid"], data["minecraft_name"], request.user
        )
        obj.pk, obj.profile, obj.linked_by = made.pk, made.profile, made.linked_by


@admin.register(LinkCode)
class LinkCodeAdmin(admin.ModelAdmin):
    list_display = ("user", "created_at", "expires_at", "used_at")
    readonly_fields = ("user", "code_hash", "created_at", "expires_at", "used_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(GameServerToken)
class GameServerTokenAdmin(admin.ModelAdmin):
    list_display = ("name", "prefix", "created_at", "last_used_at", "revoked")
    fields = ("name", "revoked", "prefix", "created_at", "last_used_at")
    readonly_fields = ("prefix", "created_at", "last_used_at")

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        if change:
            super().save_model(request, obj, form, change)
            return
        key = generate_key(obj)
        super().save_model(request, obj, form, change)
        messages.warning(
            request, f"Game-server token {obj.name}: {key} — copy it now; it is shown only once."
        )


@admin.register(DelivererStatus)
class DelivererStatusAdmin(admin.ModelAdmin):
    list_display = ("name", "target", "health", "message", "checked_at", "delivered")
    readonly_fields = ("name", "target", "ok", "message", "checked_at", "delivered")

    @admin.display(description="health")
    def health(self, obj: DelivererStatus) -> str:
        return format_html("<strong>{}</strong>", "OK" if obj.ok else "FAILING")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


class DeliveryCommandsForm(forms.ModelForm):
    """Templates are one line with {name}, {item}, {count}, {table} and nothing else in braces."""

    class Meta:
        model = DeliveryCommands
        fields = [*KINDS, *(f"{reply}_reply" for reply in REPLY_FIELDS)]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for kind in KINDS:
            problem = template_problem(data.get(kind) or "")
            if problem:
                self.add_error(kind, problem)
        return data


@admin.register(DeliveryCommands)
class DeliveryCommandsAdmin(admin.ModelAdmin):
    """The RCON templates; empty fields keep ``gameServer`` of system-agent.json."""

    form = DeliveryCommandsForm
    readonly_fields = ("in_force",)

    @admin.display(description="in force now")
    def in_force(self, obj: DeliveryCommands) -> str:
        book = command_book()
        rows = [
            (kind, template or "— (left to a plugin)") for kind, template in book.commands.items()
        ]
        rows += [(f"{name} reply", p.pattern) for name, p in book.replies.items()]
        return format_html_join("", "<div><b>{}</b>: <code>{}</code></div>", rows)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return not DeliveryCommands.objects.exists()

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
