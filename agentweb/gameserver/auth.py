"""Game-server tokens: ``Authorization: Bearer gs_…`` on ``/api/game/…`` only.

A game-server token is no user: it cannot log in, read a trace or call the
player API (``/api/runs`` knows only per-user API tokens), and a session or a
player's API token is refused here. Only a hash of the key is stored.
"""

from __future__ import annotations

import datetime
import hashlib
import secrets
from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Any

from asgiref.sync import sync_to_async
from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt

from agentweb.gameserver.errors import GameApiError
from agentweb.gameserver.models import GameServerToken
from agentweb.lib.inputs.http import authorization, bearer_key
from agentweb.lib.inputs.http import error_response as json_error

TOKEN_PREFIX = "gs_"
PREFIX_SHOWN = 10
# "Last used" is written at most this often per token: not one write per poll.
LAST_USED_PRECISION = datetime.timedelta(minutes=1)


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def generate_key(token: GameServerToken) -> str:
    """Give an unsaved token its key; the key is returned once and never stored."""
    key = TOKEN_PREFIX + secrets.token_urlsafe(32)
    token.prefix = key[:PREFIX_SHOWN]
    token.key_hash = key_hash(key)
    return key


def new_token(name: str) -> tuple[GameServerToken, str]:
    token = GameServerToken(name=name)
    key = generate_key(token)
    token.save()
    return token, key


def token_from_header(header: str) -> GameServerToken | None:
    """The token of a valid ``Bearer gs_…`` header (exactly one space), or ``None``."""
    key = bearer_key(header)
    if key is None or not key.startswith(TOKEN_PREFIX):
        return None
    token = GameServerToken.objects.filter(key_hash=key_hash(key), revoked=False).first()
    now = timezone.now()
    if token is not None and (
        token.last_used_at is None or now - token.last_used_at >= LAST_USED_PRECISION
    ):
        GameServerToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token


def error_response(exc: GameApiError) -> JsonResponse:
    return json_error(exc.status, exc.code, exc.message)


View = Callable[..., Awaitable[JsonResponse]]


def game_api(*methods: str) -> Callable[[View], Callable[..., Any]]:
    """Async game API views: the method, a game-server token; every refusal a JSON error."""

    def decorate(view: View) -> Callable[..., Any]:
        @csrf_exempt
        @wraps(view)
        async def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
            if request.method not in methods:
                response = error_response(
                    GameApiError("bad_method", f"Use {' or '.join(methods)}.", 405)
                )
                response["Allow"] = ", ".join(methods)
                return response
            return await _authorised(view, request, *args, **kwargs)

        return wrapper

    return decorate


async def _authorised(view: View, request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    header = authorization(request)
    if not header:
        return error_response(
            GameApiError("token_required", "Send a game-server token: Bearer gs_…", 401)
        )
    token = await sync_to_async(token_from_header)(header)
    if token is None:
        return error_response(
            GameApiError("bad_token", "The game-server token is invalid or revoked.", 401)
        )
    request.game_token = token
    try:
        return await view(request, *args, **kwargs)
    except GameApiError as exc:
        return error_response(exc)
