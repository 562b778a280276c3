"""Authentication for the JSON API: the session, or ``Authorization: Bearer <token>``."""

from __future__ import annotations

import datetime
import hashlib
import secrets
from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Any

from asgiref.sync import sync_to_async
from django.db.models import Q, QuerySet
from django.http import HttpRequest, JsonResponse
from django.middleware.csrf import CsrfViewMiddleware
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt

from agentweb.assistant.models import ApiToken
from agentweb.lib.inputs.http import authorization, bearer_key, error_response

TOKEN_PREFIX = "aw_"
# "Last used" is written at most this often per token: not one write per request.
LAST_USED_PRECISION = datetime.timedelta(minutes=1)


def generate_key(token: ApiToken) -> str:
    """Give an unsaved token its key; the key is returned once and never stored."""
    key = TOKEN_PREFIX + secrets.token_urlsafe(32)
    token.prefix = key[:10]
    token.key_hash = _hash(key)
    return key


def new_token(user: Any, name: str) -> tuple[ApiToken, str]:
    token = ApiToken(user=user, name=name)
    key = generate_key(token)
    token.save()
    return token, key


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def user_from_bearer(header: str) -> Any:
    """The user of a valid ``Bearer aw_…`` header (exactly one space), or ``None``."""
    key = bearer_key(header)
    if key is None or not key.startswith(TOKEN_PREFIX):
        return None
    now = timezone.now()
    token = (
        ApiToken.objects.select_related("user")
        .filter(key_hash=_hash(key), revoked=False, user__is_active=True)
        .filter(Q(expires_at__isnull=True) | Q(expires_at__gt=now))
        .first()
    )
    if token is None:
        return None
    if token.last_used_at is None or now - token.last_used_at >= LAST_USED_PRECISION:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token.user


def revoke(tokens: QuerySet[ApiToken]) -> int:
    """Revoke tokens at once (the admin's action); returns how many were still valid."""
    return tokens.filter(revoked=False).update(revoked=True, revoked_at=timezone.now())


def api_view(view: Callable[..., Awaitable[JsonResponse]]) -> Callable[..., Any]:
    """Async API views: a Bearer token, or the session with its CSRF check.

    Token callers are exempt from CSRF (no cookie is involved); session callers
    keep it. The view runs in the server's event loop, so a run it starts
    belongs to the serving process's executor.
    """

    @csrf_exempt
    @wraps(view)
    async def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
        header = authorization(request)
        if header:
            user = await sync_to_async(user_from_bearer)(header)
            if user is None:
                return error_response(
                    401, "bad_token", "The API token is invalid, expired or revoked."
                )
        else:
            user = await request.auser()
            if not user.is_authenticated:
                return error_response(401, "login_required", "Log in or send an API token.")
            refused = await sync_to_async(_csrf.process_view)(request, None, (), {})
            if refused is not None:
                return error_response(
                    403, "csrf", "CSRF check failed; send the X-CSRFToken header."
                )
        request.user = user
        return await view(request, *args, **kwargs)

    return wrapper


_csrf = CsrfViewMiddleware(lambda request: None)
