"""The tool catalog: every registered tool, its owner module and whether it writes (R-UI-3).

Read from ``agentweb.core.tooling.registry`` in memory; ``ToolCatalog`` is a
table-less model only so that the page has an entry on the admin index.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse

from agentweb.control.models import ToolCatalog
from agentweb.core import tooling


def _staff(request: HttpRequest) -> bool:
    return request.user.is_active and request.user.is_staff


@admin.register(ToolCatalog)
class ToolCatalogAdmin(admin.ModelAdmin):
    def has_module_permission(self, request: HttpRequest) -> bool:
        return _staff(request)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return _staff(request)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        context = {
            **self.admin_site.each_context(request),
            "title": "Tool catalog",
            "opts": self.model._meta,
            "tools": tooling.catalog(),
            **(extra_context or {}),
        }
        return TemplateResponse(request, "control/admin/tool_catalog.html", context)
