"""The admin's pack imports: start one (a path on the server), follow it, read its report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import URLPattern, path, reverse

from agentweb.game.models import GameName, ItemTag, LootTable, PackImport, Recipe
from agentweb.game.pack_imports import ImportBusy, last_report, start_import

MAX_PATH = 1000


class StartImportForm(forms.Form):
    path = forms.CharField(
        max_length=MAX_PATH,
        help_text="On this server: an instance folder, a .jar/.zip, or an unpacked datapack.",
    )
    dry_run = forms.BooleanField(required=False, help_text="Report what would change only.")

    def clean_path(self) -> str:
        value = self.cleaned_data["path"].strip()
        if not Path(value).exists():
            raise forms.ValidationError(f"No file or folder {value!r} on this server.")
        return value


@admin.register(PackImport)
class PackImportAdmin(admin.ModelAdmin):
    list_display = ("started_at", "path", "status", "dry_run", "requested_by", "finished_at")
    list_filter = ("status", "dry_run")
    readonly_fields = (
        "path",
        "dry_run",
        "status",
        "requested_by",
        "started_at",
        "finished_at",
        "report_text",
    )
    exclude = ("report", "text")
    change_list_template = "game/admin/packimport_change_list.html"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # imports are started with the form above the list

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="report")
    def report_text(self, obj: PackImport) -> str:
        from django.utils.html import format_html

        return format_html('<pre style="white-space: pre-wrap">{}</pre>', obj.text or "—")

    def get_urls(self) -> list[URLPattern]:
        start = self.admin_site.admin_view(self.start_view)
        return [path("start/", start, name="game_packimport_start"), *super().get_urls()]

    def start_view(self, request: HttpRequest) -> HttpResponse:
        if request.method != "POST" or not self.has_view_permission(request):
            return redirect("admin:game_packimport_changelist")
        if not request.user.is_superuser:
            messages.error(request, "Only a superuser may start an import.")
            return redirect("admin:game_packimport_changelist")
        form = StartImportForm(request.POST)
        if not form.is_valid():
            for errors in form.errors.values():
                for error in errors:
                    messages.error(request, error)
            return redirect("admin:game_packimport_changelist")
        try:
            record = start_import(
                form.cleaned_data["path"], dry_run=form.cleaned_data["dry_run"], user=request.user
            )
        except ImportBusy as exc:
            messages.error(request, str(exc))
            return redirect("admin:game_packimport_changelist")
        messages.info(request, f"Import #{record.pk} started; reload this page for its report.")
        return redirect("admin:game_packimport_changelist")

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        context = {
            "start_form": StartImportForm(),
            "start_url": reverse("admin:game_packimport_start"),
            "last": last_report(),
            **(extra_context or {}),
        }
        return super().changelist_view(request, extra_context=context)


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows an import owns: browsed here, changed by importing again."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Recipe)
class RecipeAdmin(ReadOnlyAdmin):
    list_display = ("recipe_id", "type", "station", "rendered", "source")
    list_filter = ("rendered", "kind")
    search_fields = ("recipe_id", "type", "station")


@admin.register(LootTable)
class LootTableAdmin(ReadOnlyAdmin):
    list_display = ("table_id", "kind", "source_name", "source")
    list_filter = ("kind",)
    search_fields = ("table_id", "source_name")


@admin.register(ItemTag)
class ItemTagAdmin(ReadOnlyAdmin):
    list_display = ("tag_id",)
    search_fields = ("tag_id",)


@admin.register(GameName)
class GameNameAdmin(ReadOnlyAdmin):
    list_display = ("text", "kind", "key", "language", "origin")
    list_filter = ("kind", "language", "origin")
    search_fields = ("folded", "key")
