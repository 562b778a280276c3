"""The address a request came from, behind as many trusted proxies as configured."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    """``REMOTE_ADDR``, or the entry ``AGENTWEB_TRUSTED_PROXIES`` hops back in X-Forwarded-For.

    Each trusted proxy appends the address it saw, so the client's is that many
    entries from the right; anything further left was written by the client
    and proves nothing.
    """
    hops = settings.AGENTWEB_TRUSTED_PROXIES
    peer = request.META.get("REMOTE_ADDR", "")
    if hops <= 0:
        return peer
    chain = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    chain = [part for part in chain if part]
    return chain[-hops] if len(chain) >= hops else peer
