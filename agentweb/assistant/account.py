"""What a player sees of herself: ``GET /api/me`` and the page's quota meter (SPEC §15b)."""

from __future__ import annotations

from typing import Any

from agentweb.assistant import memory
from agentweb.control import quotas


def quota(user: Any) -> dict[str, Any]:
    """Her model calls used and allowed today, and when the day's count starts again
    (``user``: the player or her id)."""
    return quotas.quota_status(getattr(user, "pk", user)).as_dict()


def me(user: Any, language: str) -> dict[str, Any]:
    """``GET /api/me``: who she is, the language she is answered in, her switch, her quota."""
    return {
        "username": user.get_username(),
        "language": language,
        "assistant_enabled": memory.assistant_enabled(user.pk),
        "quota": quota(user),
    }
