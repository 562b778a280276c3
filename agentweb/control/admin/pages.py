"""Read-only admin pages: tables the server writes (``ReadOnlyAdmin``), and pages that
are not a table (``StaffPageAdmin``: the tool catalog, the effective policies).

A page that is not a table has a table-less model only so that it gets an entry
on the admin index; every staff member may read it, nobody adds, changes or
deletes anything.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.template.response import TemplateResponse


def _staff(request: HttpRequest) -> bool:
    return request.user.is_active and request.user.is_staff


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows written by the server only: listed and viewed, never edited here."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class StaffPageAdmin(ReadOnlyAdmin):
    """A page for staff: ``template`` rendered with ``page_context``."""

    template = ""
    title = ""

    def has_module_permission(self, request: HttpRequest) -> bool:
        return _staff(request)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return _staff(request)

    def page_context(self, request: HttpRequest) -> dict[str, Any]:
        return {}

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        if request.method not in ("GET", "HEAD"):
            return HttpResponseNotAllowed(["GET"])
        context = {
            **self.admin_site.each_context(request),
            "title": self.title,
            "opts": self.model._meta,
            **self.page_context(request),
            **(extra_context or {}),
        }
        return TemplateResponse(request, self.template, context)
