"""Authentication for the JSON API: the session, or ``Authorization: Bearer <token>``."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt

from agentweb.assistant.models import ApiToken

TOKEN_PREFIX = "aw_"


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
    if not header.startswith("Bearer "):
        return None
    key = header[len("Bearer "):].strip()
    token = (ApiToken.objects.select_related("user")
             .filter(key_hash=_hash(key), revoked=False, user__is_active=True).first())
    if token is None:
        return None
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
    return token.user


def api_view(view: Callable[..., JsonResponse]) -> Callable[..., JsonResponse]:
    """Session users keep CSRF protection; token users are exempt (no cookies involved)."""
    from django.middleware.csrf import CsrfViewMiddleware

    csrf = CsrfViewMiddleware(lambda request: None)

    @csrf_exempt
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
        header = request.headers.get("Authorization", "")
        if header:
            user = user_from_bearer(header)
            if user is None:
                return error(401, "bad_token", "The API token is invalid or revoked.")
            request.user = user
        elif not request.user.is_authenticated:
            request.user = AnonymousUser()
            return error(401, "login_required", "Log in or send an API token.")
        else:
            refused = csrf.process_view(request, None, (), {})
            if refused is not None:
                return error(403, "csrf", "CSRF check failed; send the X-CSRFToken header.")
        return view(request, *args, **kwargs)

    return wrapper


def error(status: int, code: str, message: str) -> JsonResponse:
    return JsonResponse({"error": {"code": code, "message": message}}, status=status)
