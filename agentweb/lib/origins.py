"""The websocket Origin check: scheme, host and port must match an allowed origin.

A browser sends ``Origin`` with every websocket handshake; a page on another
origin — another port of the same host included — must not reach a player's
socket with the player's cookies. Allowed are the server's own origin (the
scheme the request arrived with, and its ``Host``, which must be one of
``ALLOWED_HOSTS``) and the origins of ``CSRF_TRUSTED_ORIGINS`` (Django's
form: ``https://example.com``, ``https://*.example.com``, with a port when
it is not the default). A handshake without ``Origin`` is refused.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}
Origin = tuple[str, str, int]


def parse_origin(value: str) -> Origin | None:
    """``(scheme, host, port)`` of an origin such as ``https://example.com:8443``."""
    try:
        parts = urlsplit(value.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return scheme, parts.hostname.lower(), port or DEFAULT_PORTS[scheme]


def _trusted(origin: Origin) -> bool:
    for entry in settings.CSRF_TRUSTED_ORIGINS:
        wildcard = "://*." in entry
        trusted = parse_origin(entry.replace("://*.", "://", 1))
        if trusted is None or (trusted[0], trusted[2]) != (origin[0], origin[2]):
            continue
        if trusted[1] == origin[1] or (wildcard and origin[1].endswith("." + trusted[1])):
            return True
    return False


def _own_origin(scope: dict[str, Any], headers: dict[bytes, bytes]) -> Origin | None:
    host = headers.get(b"host", b"").decode("latin-1")
    domain, port = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return None
    scheme = (
        "https" if scope.get("scheme") in ("wss", "https") or _proxied_https(headers) else "http"
    )
    return scheme, domain.lower(), int(port) if port else DEFAULT_PORTS[scheme]


def _proxied_https(headers: dict[bytes, bytes]) -> bool:
    """``SECURE_PROXY_SSL_HEADER``: the proxy in front terminated TLS."""
    proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if not proxy:
        return False
    name, value = proxy
    header = name.removeprefix("HTTP_").replace("_", "-").lower().encode("latin-1")
    return headers.get(header, b"").decode("latin-1") == value


def origin_allowed(scope: dict[str, Any]) -> bool:
    headers = {name.lower(): value for name, value in scope.get("headers", [])}
    origin = parse_origin(headers.get(b"origin", b"").decode("latin-1"))
    if origin is None:
        return False
    return origin == _own_origin(scope, headers) or _trusted(origin)


class SameOriginValidator:
    """ASGI middleware: websocket handshakes from an origin that is not allowed are refused."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket" and not origin_allowed(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
