"""Where someone lands after logging in: players on the chat, reviewers on the trace
viewer, admins on the admin.

A login that was sent to another page (``?next=/traces/runs/12/``) goes there;
one that came from the site's root (the chat, where an anonymous visit is sent
to log in first) goes to the page of the person's role instead.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from agentweb.core.roles import Role, has_role
from agentweb.lib.inputs.http import reads

# Where a login lands when it was not sent anywhere in particular.
SITE_ROOT = "/"


def is_player(user: Any) -> bool:
    """In the players' group (a superuser has every role, but is an admin first)."""
    return user.groups.filter(name=Role.PLAYER.value).exists()


def landing_url(user: Any) -> str:
    """The page of the user's role: the admin, the trace viewer, or the chat."""
    if user.is_staff or user.is_superuser:
        return reverse("admin:index")
    if has_role(user, Role.REVIEWER) and not is_player(user):
        return reverse("traces:list")
    return SITE_ROOT


class LandingLoginView(LoginView):
    """Django's login view; a login sent nowhere in particular lands by role."""

    def get_success_url(self) -> str:
        url = self.get_redirect_url()
        if url and url != SITE_ROOT:
            return url
        return landing_url(self.request.user)


_login = LandingLoginView.as_view()


@reads(errors="page")
def landing_login(request: HttpRequest) -> HttpResponse:
    """``/accounts/login/``: its form (Django's ``AuthenticationForm``) reads the fields it
    is bound to itself."""
    return _login(request)
