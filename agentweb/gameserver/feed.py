"""Deliveries for a game-server plugin (``/api/game/deliveries``) and their reports.

``hand_out`` gives the plugin the due deliveries of linked players who are
not known to be offline, oldest first, and claims them for its token
(pending → sending, the same conditional update the RCON deliverer uses, so
the two never hand out the same one). A plugin that restarts asks again from
``after=0`` and gets what it was given and never reported, marked ``resent``
— it must check before giving those again; that hand-out starts the claim's
time again. ``report`` settles a delivery this token holds, and only such a
one; a repeated report changes nothing and says so.

A claim is not forever: a plugin that never reports, or whose token is
revoked, leaves its deliveries ``unknown`` — like an RCON deliverer that died
mid-command — for an admin to check in game (``expire_silent_claims``).
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db.models import Q
from django.utils import timezone

from agentweb.game.models import Delivery, DeliveryState
from agentweb.game.models.deliveries import DeliveryChannel
from agentweb.gameserver.commands import command_book
from agentweb.gameserver.errors import GameApiError
from agentweb.gameserver.models import GameServerToken

# A plugin reports a delivery within this long after it was handed out (or handed out
# again); later it is unknown: the item may or may not be in game.
PLUGIN_CLAIM_TTL = datetime.timedelta(minutes=10)
SILENT = "the game-server plugin never reported it; check in game"
REVOKED = "the game-server token that took it was revoked; check in game"


def owner(token: GameServerToken | int) -> str:
    """What a plugin's claim records as its holder."""
    return f"token:{token if isinstance(token, int) else token.pk}"


def _plugin_claims() -> Any:
    return Delivery.objects.filter(state=DeliveryState.SENDING, channel=DeliveryChannel.API)


def expire_silent_claims(now: datetime.datetime | None = None, **only: Any) -> int:
    """Plugins' claims older than ``PLUGIN_CLAIM_TTL`` → unknown. A read first: the usual
    answer is "none", and it takes no write lock. ``only``: a filter (one player's)."""
    cutoff = (now or timezone.now()) - PLUGIN_CLAIM_TTL
    stale = _plugin_claims().filter(claimed_at__lt=cutoff, **only)
    if not stale.exists():
        return 0
    return stale.update(state=DeliveryState.UNKNOWN, detail=SILENT, updated=timezone.now())


def release_revoked(token_id: int) -> int:
    """A revoked (or deleted) token's claims → unknown at once: it can no longer report."""
    return (
        _plugin_claims()
        .filter(claimed_by=owner(token_id))
        .update(state=DeliveryState.UNKNOWN, detail=REVOKED, updated=timezone.now())
    )


def _for_plugin(after: int) -> Any:
    return Delivery.objects.filter(profile__minecraft_link__isnull=False, id__gt=after)


def waiting_for(token: GameServerToken, after: int) -> bool:
    """Anything to hand this plugin after ``after`` (a long-poll's one statement per look)."""
    now = timezone.now()
    held = Q(state=DeliveryState.SENDING, channel=DeliveryChannel.API, claimed_by=owner(token))
    due = (
        Q(state=DeliveryState.PENDING)
        & (Q(not_before__isnull=True) | Q(not_before__lte=now))
        & ~Q(profile__online=False)
    )
    return _for_plugin(after).filter(held | due).exists()


def hand_out(token: GameServerToken, after: int, limit: int) -> list[dict[str, Any]]:
    linked = _for_plugin(after)
    mine = owner(token)
    held = list(
        linked.filter(state=DeliveryState.SENDING, channel=DeliveryChannel.API, claimed_by=mine)
        .order_by("id")
        .values_list("pk", flat=True)[:limit]
    )
    due = (
        linked.due()
        .exclude(profile__online=False)
        .order_by("id")
        .values_list("pk", flat=True)[: limit - len(held)]
    )
    claimed = {pk for pk in due if Delivery.objects.claim(pk, DeliveryChannel.API, mine)}
    if held:  # handed out again: the plugin has its time to report again
        Delivery.objects.filter(pk__in=held, claimed_by=mine).update(claimed_at=timezone.now())
    rows = list(
        linked.filter(Q(pk__in=claimed) | Q(pk__in=held))
        .select_related("profile__minecraft_link")
        .order_by("id")
    )
    if not rows:
        return []
    book = command_book()  # read only when there is something to hand out
    return [_as_json(d, resent=d.pk not in claimed, command=book.command_for) for d in rows]


def _as_json(delivery: Delivery, *, resent: bool, command: Any) -> dict[str, Any]:
    profile = delivery.profile
    return {
        "id": delivery.pk,
        "uuid": str(profile.minecraft_link.uuid),
        "name": profile.minecraft_name,
        "kind": delivery.kind,
        "item": delivery.item_id,
        "count": delivery.count,
        "label": delivery.label,
        "reason": delivery.reason,
        "created": delivery.created.isoformat(),
        "resent": resent,
        "command": command(delivery, profile.minecraft_name),
    }


def report(token: GameServerToken, delivery_id: int, status: str, detail: str) -> dict[str, Any]:
    """Settle a delivery this token holds (status and detail validated by the caller)."""
    mine = owner(token)
    delivery = Delivery.objects.filter(
        pk=delivery_id, profile__minecraft_link__isnull=False, claimed_by=mine
    ).first()
    if delivery is None:
        raise GameApiError(
            "unknown_delivery", f"Delivery {delivery_id} was not handed to this game server.", 404
        )
    held = delivery.state == DeliveryState.SENDING and delivery.channel == DeliveryChannel.API
    text = detail or ("delivered in game" if status == DeliveryState.DELIVERED else "")
    if held and Delivery.objects.settle(delivery.pk, mine, status, text):
        return {"id": delivery.pk, "state": status, "changed": True}
    delivery.refresh_from_db(fields=["state"])
    if delivery.state == status:
        return {"id": delivery.pk, "state": status, "changed": False}
    raise GameApiError(
        "not_handed_out" if delivery.state == DeliveryState.PENDING else "already_settled",
        f"Delivery {delivery_id} is {delivery.state}; it cannot become {status}.",
        409,
    )
