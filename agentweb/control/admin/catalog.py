"""The tool catalog: every registered tool, its owner module and whether it writes (R-UI-3).

Read from ``agentweb.core.tooling.registry`` in memory; ``ToolCatalog`` is a
table-less model only so that the page has an entry on the admin index.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from agentweb.control.admin.pages import StaffPageAdmin
from agentweb.control.models import ToolCatalog
from agentweb.core import tooling


@admin.register(ToolCatalog)
class ToolCatalogAdmin(StaffPageAdmin):
    template = "control/admin/tool_catalog.html"
    title = "Tool catalog"

    def page_context(self, request: HttpRequest) -> dict[str, Any]:
        return {"tools": tooling.catalog()}
