"""Deliveries for a game-server plugin (``/api/game/deliveries``) and their status for players.

``hand_out`` gives the plugin the due deliveries of linked players who are
not known to be offline, oldest first, and claims them for it (pending →
sending, the same conditional update the RCON deliverer uses, so the two
never hand out the same one). A plugin that restarts asks again from
``after=0`` and gets what it was given and never reported, marked
``resent`` — it must check before giving those again. ``report`` settles
one; a repeated report changes nothing and says so.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from agentweb.game.models import Delivery, DeliveryState
from agentweb.game.models.deliveries import DeliveryChannel
from agentweb.gameserver.commands import command_book
from agentweb.gameserver.errors import GameApiError
from agentweb.gameserver.models import GameServerToken


def _owner(token: GameServerToken) -> str:
    return f"token:{token.pk}"


def hand_out(token: GameServerToken, after: int, limit: int) -> list[dict[str, Any]]:
    linked = Delivery.objects.filter(profile__minecraft_link__isnull=False, id__gt=after)
    owner = _owner(token)
    held = list(
        linked.filter(state=DeliveryState.SENDING, channel=DeliveryChannel.API, claimed_by=owner)
        .order_by("id")
        .values_list("pk", flat=True)[:limit]
    )
    due = (
        linked.due()
        .exclude(profile__online=False)
        .order_by("id")
        .values_list("pk", flat=True)[: limit - len(held)]
    )
    claimed = {pk for pk in due if Delivery.objects.claim(pk, DeliveryChannel.API, owner)}
    rows = (
        linked.filter(Q(pk__in=claimed) | Q(pk__in=held))
        .select_related("profile__minecraft_link")
        .order_by("id")
    )
    book = command_book()
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
    """Settle a delivery this token was handed (status and detail validated by the caller)."""
    delivery = Delivery.objects.filter(
        pk=delivery_id, profile__minecraft_link__isnull=False
    ).first()
    if delivery is None:
        raise GameApiError("unknown_delivery", f"There is no delivery {delivery_id}.", 404)
    held = delivery.state == DeliveryState.SENDING and delivery.channel == DeliveryChannel.API
    text = detail or ("delivered in game" if status == DeliveryState.DELIVERED else "")
    if held and Delivery.objects.settle(delivery.pk, None, status, text):
        return {"id": delivery.pk, "state": status, "changed": True}
    delivery.refresh_from_db(fields=["state"])
    if delivery.state == status:
        return {"id": delivery.pk, "state": status, "changed": False}
    raise GameApiError(
        "not_handed_out" if delivery.state == DeliveryState.PENDING else "already_settled",
        f"Delivery {delivery_id} is {delivery.state}; it cannot become {status}.",
        409,
    )
