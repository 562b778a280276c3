""" "Reload from files" for the admin: one POST view and one action (R-POL-5)."""

from __future__ import annotations

from typing import Annotated, Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponseRedirect
from django.urls import reverse
from django.views.decorators.http import require_POST
from pydantic import Field

from agentweb.control.config import reload_from_files
from agentweb.lib.inputs.fields import Text
from agentweb.lib.inputs.http import reads
from agentweb.lib.inputs.models import Params

RELOAD_PERMISSION = "control.change_policyoverride"


def reload_and_report(request: HttpRequest) -> None:
    """Reload the files and tell the admin what was found."""
    problems = reload_from_files(request.user)
    if not problems:
        messages.success(request, "Reloaded prompts/ and system-agent.json: no problems found.")
        return
    messages.warning(
        request,
        f"Reloaded prompts/ and system-agent.json with {len(problems)} problem(s); "
        "a rejected policy keeps the last good one from the file (or the module default):",
    )
    for problem in problems:
        messages.warning(request, problem)


class ReloadForm(Params):
    # Where to go back to: a path of this site.
    next: Annotated[Text, Field(max_length=2000)] = ""


@require_POST
@reads(form=ReloadForm, errors="page")
def reload_view(request: HttpRequest, *, form: ReloadForm) -> HttpResponseRedirect:
    """POST only (CSRF-protected by the admin); staff with the change-policy permission."""
    if not request.user.has_perm(RELOAD_PERMISSION):
        raise PermissionDenied
    reload_and_report(request)
    back = form.next
    if not back.startswith("/") or back.startswith("//"):
        back = reverse("admin:control_policyoverride_changelist")
    return HttpResponseRedirect(back)


@admin.action(description="Reload prompts and policies from files", permissions=["change"])
def reload_action(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: Any) -> None:
    """The same reload as an admin action (the selection does not matter)."""
    reload_and_report(request)
