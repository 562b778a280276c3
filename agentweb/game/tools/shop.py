"""``shop.buy``: buy an item from the coin shop (a write, confirmed by the player)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from pydantic import Field

from agentweb.engine import ReActTool, ToolCall
from agentweb.game.models.deliveries import purchase_reason
from agentweb.game.services.shop import MAX_QUANTITY, PurchaseResult, buy, refund
from agentweb.game.tools.common import MAX_NAME, ToolInput, db, requesting_user
from agentweb.game.tools.items import LANGUAGE_FIELD
from agentweb.game.tools.shown import shown_in

MODULE = "game.shop"


class ShopBuyInput(ToolInput):
    item: str = Field(
        min_length=1, max_length=MAX_NAME, description="The item to buy, by name or id."
    )
    quantity: int = Field(1, ge=1, le=MAX_QUANTITY, description="How many to buy.")
    language: str | None = LANGUAGE_FIELD


async def shop_buy(value: ShopBuyInput, call: ToolCall) -> PurchaseResult:
    return await db(buy, requesting_user(call), value.item, value.quantity, value.language)


async def undo_purchase(value: ShopBuyInput, out: PurchaseResult, call: ToolCall) -> str | None:
    if not await db(refund, out):
        return None
    shown = await db(shown_in, value.language, [out.name])
    return _("Refunded %(coins)d coins; %(quantity)d× %(item)s will not be delivered.") % {
        "coins": out.total,
        "quantity": out.quantity,
        "item": shown(out.name),
    }


def purchase_card(out: PurchaseResult) -> dict[str, Any]:
    """The purchase, its item and the offers named as its messages name them."""
    # The page follows the delivery of what was bought by this reason.
    reason = purchase_reason(out.purchase_id) if out.ok and out.purchase_id else ""
    card = {
        "kind": "purchase",
        "title": _("Shop"),
        **out.model_dump(mode="json"),
        "delivery_reason": reason,
    }
    card["name"] = out.shown(out.name)
    for offer in card["offers"]:
        offer["name"] = out.shown(offer["name"])
    return card


def _observe(out: PurchaseResult) -> dict[str, Any]:
    data: dict[str, Any] = {"ok": out.ok, "message": out.message}
    if out.ok:
        data.update(item=out.name, quantity=out.quantity, total=out.total, balance=out.balance)
    elif out.offers:
        data["for_sale"] = [{"item": o.name, "price": o.price} for o in out.offers]
    return data


SHOP_BUY = ReActTool(
    "shop.buy",
    "Buy an item from the coin shop for the requesting player.",
    ShopBuyInput,
    shop_buy,
    module=MODULE,
    writes=True,
    observe=_observe,
    card=purchase_card,
    compensate=undo_purchase,
    confirm_text=lambda v: (
        _("Buy %(quantity)d× %(item)s from the shop with your coins?")
        % {"quantity": v.quantity, "item": v.item}
    ),
)
