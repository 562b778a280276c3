"""Who may read traces (R-AUTH-1): reviewers and admins see every run, read-only.

Players read only their own runs, through the JSON API; the viewer pages are
not for them at all (403). A run a caller may not read is answered exactly
like an unknown run (404), so run ids reveal nothing.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import wraps
from typing import Any

from asgiref.sync import sync_to_async
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.views.decorators.http import require_GET

from agentweb.assistant.actions import not_found
from agentweb.assistant.models import Run
from agentweb.core.roles import Role, has_role


def can_review(user: Any) -> bool:
    """Reviewers and superusers read every trace (``has_role`` lets superusers through)."""
    return has_role(user, Role.REVIEWER)


def reviewer_view(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A viewer page: GET only (reviewers change nothing), logged in, reviewer or admin."""

    @require_GET
    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not can_review(request.user):
            raise PermissionDenied("The trace viewer is for reviewers.")
        return view(request, *args, **kwargs)

    return wrapper


def readable_run(user: Any, run_id: int) -> Run:
    """The run if ``user`` may read it: a reviewer any run, a player only his own."""
    runs = Run.objects.all() if can_review(user) else Run.objects.filter(user=user)
    run = runs.select_related("user").filter(pk=run_id).first()
    if run is None:
        raise not_found(run_id)
    return run


def can_curate(user: Any) -> bool:
    """Reviewers and admins collect questions into datasets."""
    return has_role(user, Role.REVIEWER) or has_role(user, Role.ADMIN)


def can_experiment(user: Any) -> bool:
    """Admins run experiments and publish what they tune (superusers are admins)."""
    return has_role(user, Role.ADMIN)


def role_view(
    allowed: Callable[[Any], bool], *methods: str, refused: str
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A page or an action of the datasets and experiments: ``methods`` only, logged in,
    and ``allowed`` (else 403 saying ``refused``). Sync and async views alike."""

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        if inspect.iscoroutinefunction(view):

            async def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
                if request.method not in methods:
                    return HttpResponseNotAllowed(methods)
                user = await request.auser()
                if not user.is_authenticated:
                    return redirect_to_login(request.get_full_path())
                if not await sync_to_async(allowed)(user):
                    raise PermissionDenied(refused)
                return await view(request, *args, **kwargs)

        else:

            def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:  # type: ignore[misc]
                if request.method not in methods:
                    return HttpResponseNotAllowed(methods)
                if not request.user.is_authenticated:
                    return redirect_to_login(request.get_full_path())
                if not allowed(request.user):
                    raise PermissionDenied(refused)
                return view(request, *args, **kwargs)

        return wraps(view)(wrapper)

    return decorate
