"""Admin for modules and per-player module enablement (R-UI-3)."""

from __future__ import annotations

from django.contrib import admin
from django.utils.html import format_html_join

from agentweb.core import tooling
from agentweb.core.models import Module, PlayerModule


class PlayerModuleInline(admin.TabularInline):
    model = PlayerModule
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Module)
class ModuleAdmin(admin.ModelAdmin):
    list_display = ["slug", "label", "enabled", "version"]
    list_editable = ["enabled"]
    search_fields = ["slug", "label"]
    readonly_fields = ["version", "tools"]
    inlines = [PlayerModuleInline]

    @admin.display(description="Tools owned by this module")
    def tools(self, obj: Module) -> str:
        rows = [t for t in tooling.catalog() if t["module"] == obj.slug]
        if not rows:
            return "—"
        return format_html_join(
            "",
            "<div><code>{}</code> {} — {}</div>",
            ((t["type"], "writes" if t["writes"] else "read-only", t["description"]) for t in rows),
        )


@admin.register(PlayerModule)
class PlayerModuleAdmin(admin.ModelAdmin):
    list_display = ["module", "user", "enabled"]
    list_filter = ["module", "enabled"]
    autocomplete_fields = ["user"]
