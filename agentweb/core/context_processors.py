"""Template context shared by every page."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from agentweb.core.roles import Role, has_role


def navigation(request: HttpRequest) -> dict[str, Any]:
    """Which top-bar links the user gets: the trace viewer for reviewers, the admin for staff."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"nav_traces": False, "nav_admin": False}
    return {"nav_traces": has_role(user, Role.REVIEWER), "nav_admin": user.is_staff}
