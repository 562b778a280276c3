"""What a player's result card says about its deliveries ("delivered in game", …)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from agentweb.game.models import Delivery, DeliveryState
from agentweb.gameserver.feed import expire_silent_claims
from agentweb.gameserver.models import AccountLink
from agentweb.lib.inputs.fields import matching

# "purchase:12", "quest-claim:7": what cards name; anything else is refused.
Reason = matching(r"[a-z-]{1,20}:[0-9]{1,18}", "a card's reason like purchase:12", "purchase:12")
MAX_REASONS = 50
DONE = (DeliveryState.DELIVERED, DeliveryState.CANCELLED)
# Undo cannot take these back: they reached (or may have reached) the game.
KEPT = (DeliveryState.DELIVERED, DeliveryState.SENDING, DeliveryState.UNKNOWN)


def _text(delivery: Delivery, link: AccountLink | None) -> str:
    state = delivery.state
    if state == DeliveryState.DELIVERED:
        return _("delivered in game")
    if state == DeliveryState.CANCELLED:
        return _("taken back (undone)")
    if state == DeliveryState.FAILED:
        return _("failed: %(why)s") % {"why": delivery.detail or _("the game server refused it")}
    if state == DeliveryState.UNKNOWN:
        return _("not confirmed by the game server; an admin is checking")
    if state == DeliveryState.SENDING:
        return _("being handed out in game")
    if link is None:
        return _("waiting until you link your Minecraft account")
    if delivery.profile.online is False:
        return _("waiting until you are online")
    return _("waiting for the game server")


def statuses(user: Any, reasons: list[str]) -> dict[str, dict[str, Any]]:
    """Per reason: each delivery's label, state and text; only the player's own."""
    expire_silent_claims(profile__user=user)
    link = AccountLink.objects.filter(profile__user=user).first()
    rows = (
        Delivery.objects.filter(profile__user=user, reason__in=reasons)
        .select_related("profile")
        .order_by("id")
    )
    out: dict[str, dict[str, Any]] = {}
    for delivery in rows:
        entry = out.setdefault(delivery.reason, {"items": [], "done": True})
        text = _text(delivery, link)
        kept = delivery.state in KEPT
        entry["items"].append(
            {
                "label": delivery.label,
                "state": delivery.state,
                "text": text,
                # What an undone answer's card says instead.
                "undone_text": (
                    _("%(status)s — undo could not take it back") % {"status": text}
                    if kept
                    else text
                ),
            }
        )
        entry["done"] = entry["done"] and delivery.state in DONE
    return out
