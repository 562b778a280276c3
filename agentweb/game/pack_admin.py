"""The admin's pack imports: start one (a path on the server), follow it, read its report."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import URLPattern, path, reverse
from django.utils.decorators import method_decorator
from django.views.decorators.http import require_POST
from pydantic import Field

from agentweb.game.models import GameName, ItemTag, LootTable, PackImport, Recipe
from agentweb.game.pack_imports import ImportBusy, last_report, start_import
from agentweb.lib.inputs.fields import FlagText, Text
from agentweb.lib.inputs.http import reads
from agentweb.lib.inputs.models import Params

MAX_PATH = 1000


class StartImport(Params):
    """The start form: a path on this server, and whether to only report."""

    path: Annotated[Text, Field(min_length=1, max_length=MAX_PATH)]
    dry_run: FlagText = False


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

    @method_decorator(require_POST)
    @reads(form=StartImport, errors="page")
    def start_view(self, request: HttpRequest, *, form: StartImport) -> HttpResponse:
        """POST only (CSRF-protected by the admin); a superuser starts the import."""
        back = redirect("admin:game_packimport_changelist")
        if not request.user.is_superuser:
            messages.error(request, "Only a superuser may start an import.")
            return back
        path = form.path.strip()
        if not Path(path).exists():
            messages.error(request, f"No file or folder {path!r} on this server.")
            return back
        try:
            record = start_import(path, dry_run=form.dry_run, user=request.user)
        except ImportBusy as exc:
            messages.error(request, str(exc))
            return back
        messages.info(request, f"Import #{record.pk} started; reload this page for its report.")
        return back

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        context = {
            "max_path": MAX_PATH,
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
