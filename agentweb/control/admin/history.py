"""The admin of an append-only history (prompts, policies): view, list, restore.

A saved version is never edited. "Restore this version" (a button on the
version's page, POST only) and the "restore" action add the old state again
as the newest version (``Version.restore``); a version that cannot be
restored says why and nothing changes. The version's page lists the history
of the same thing, newest first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html_join

from agentweb.control.models import Version
from agentweb.lib.inputs.http import reads

# Versions listed on a version's page; older ones are in the filtered changelist.
HISTORY_SHOWN = 20


def history_links(
    versions: QuerySet[Any],
    current: int | None,
    url_of: Callable[[Any], str],
    describe: Callable[[Any], str],
) -> str:
    """Links to ``versions`` (the newest ``HISTORY_SHOWN``), ``current`` marked."""
    shown = versions.select_related("created_by")[:HISTORY_SHOWN]
    return format_html_join(
        "",
        '<div>{}<a href="{}">#{}</a> {} by {} — {}</div>',
        (
            (
                "▶ " if v.pk == current else "",
                url_of(v),
                v.pk,
                f"{v.created_at:%Y-%m-%d %H:%M}",
                v.created_by or "—",
                describe(v),
            )
            for v in shown
        ),
    )


class VersionHistoryAdmin(admin.ModelAdmin):
    """Shared by every history's admin; ``describe`` says what one version was."""

    change_form_template = "control/admin/version_change_form.html"
    actions = ["restore_selected"]

    def may_restore(self, request: HttpRequest) -> bool:
        """Who may restore: by default whoever may add a version."""
        return self.has_add_permission(request)

    def describe(self, version: Any) -> str:
        """One line about a version in the history list."""
        return version.note

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # History is immutable: a saved version is only viewed, restored or deleted.
        return obj is None and super().has_change_permission(request, obj)

    def _url_name(self, view: str) -> str:
        return f"{self.model._meta.app_label}_{self.model._meta.model_name}_{view}"

    def version_url(self, version: Version) -> str:
        return reverse(f"admin:{self._url_name('change')}", args=[version.pk])

    @admin.display(description="version")
    def version(self, obj: Version) -> str:
        return f"#{obj.pk}"

    @admin.display(description="history (newest first)")
    def history(self, obj: Version) -> str:
        return self.history_list(obj.history(), obj.pk)

    def history_list(self, versions: QuerySet[Any], current: int | None = None) -> str:
        return history_links(versions, current, self.version_url, self.describe)

    @admin.action(description="Restore this version (adds it as the newest)")
    def restore_selected(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        if not self.may_restore(request):
            raise PermissionDenied
        chosen: dict[str, Version] = {}
        for version in queryset.order_by("pk"):
            if version.subject in chosen:
                messages.error(request, f"Choose one version of {version.subject} to restore.")
                return
            chosen[version.subject] = version
        for version in chosen.values():
            self._restore(request, version)

    def _restore(self, request: HttpRequest, version: Version) -> Version | None:
        try:
            new = version.restore(request.user)
        except ValidationError as exc:
            problems = "; ".join(exc.messages)
            messages.error(
                request, f"{version.subject}: version #{version.pk} was not restored: {problems}"
            )
            return None
        messages.success(request, f"{new.subject}: version #{version.pk} restored as #{new.pk}.")
        return new

    def get_urls(self) -> list[URLPattern]:
        view = self.admin_site.admin_view(self.restore_view)
        restore = path("<id:pk>/restore/", view, name=self._url_name("restore"))
        return [restore, *super().get_urls()]

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        context = {"restore_url_name": f"admin:{self._url_name('restore')}"}
        context["may_restore"] = self.may_restore(request)
        return super().change_view(
            request, object_id, form_url, {**context, **(extra_context or {})}
        )

    @reads(errors="page")
    def restore_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        """The "restore this version" button: POST only; an unknown id is a 404."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        if not self.may_restore(request):
            raise PermissionDenied
        version = get_object_or_404(self.model, pk=pk)
        new = self._restore(request, version)
        return HttpResponseRedirect(self.version_url(new or version))
