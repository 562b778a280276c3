"""The coin shop: buy an item for coins; undo refunds it while it is not handed out."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _
from pydantic import BaseModel, Field

from agentweb.game.mentions import things_named
from agentweb.game.models import (
    Delivery,
    DeliveryKind,
    Item,
    NameKind,
    PlayerProfile,
    Purchase,
    ShopItem,
)
from agentweb.game.models.deliveries import handed_out_message, purchase_reason
from agentweb.game.queries import exact_item, player_profile
from agentweb.game.search import names
from agentweb.game.services.errors import CannotCompensate
from agentweb.game.services.signin import no_profile
from agentweb.game.tools.shown import Shown, shown_in

MAX_QUANTITY = 64
# Offers named in a "not sold here" answer.
OFFERS_LISTED = 8


class Offer(BaseModel):
    item_id: str
    name: str
    price: int
    stock: int | None = None


class PurchaseResult(BaseModel):
    """What a purchase did; ``purchase_id`` is what undo refunds."""

    ok: bool
    message: str
    purchase_id: int | None = None
    item_id: str = ""
    name: str = ""
    quantity: int = 0
    unit_price: int = 0
    total: int = 0
    balance: int | None = None
    offers: list[Offer] = []
    # How the messages and the card name the item and the offers: in the run's language.
    shown: Shown = Field(default_factory=Shown, exclude=True)


def offers(limit: int = OFFERS_LISTED) -> list[Offer]:
    qs = ShopItem.objects.filter(active=True).select_related("item")[:limit]
    return [
        Offer(item_id=o.item.item_id, name=o.item.display_name, price=o.price, stock=o.stock)
        for o in qs
    ]


def find_offer(name: str) -> ShopItem | None:
    """The active offer for an item id, name or display name (also in the plural), or a
    name of it in another language (the data's, the glossary's: 面包); else the one offer
    whose name is close (a typo, words left out or added), if only one is."""
    active = ShopItem.objects.filter(active=True).select_related("item")
    item = exact_item(name)
    if item is not None:
        return active.filter(item=item).first()
    named = {t.key for t in things_named(name, [NameKind.ITEM])}
    if len(named) == 1:
        return active.filter(item__item_id__in=named).first()
    offers = {offer.pk: offer for offer in active}
    close = names.closest(name, [(o.item.display_name, pk) for pk, o in offers.items()], limit=2)
    return offers[close[0][1]] if len(close) == 1 else None


def buy(user: Any, name: str, quantity: int = 1, language: str | None = None) -> PurchaseResult:
    """Buy ``quantity`` of an item: stock and balance are taken by conditional updates. The
    messages name the item in ``language`` (:mod:`agentweb.game.tools.shown`); what is
    recorded keeps the data's name."""
    profile = player_profile(user)
    if profile is None:
        return PurchaseResult(ok=False, message=no_profile())
    if not 1 <= quantity <= MAX_QUANTITY:
        return PurchaseResult(
            ok=False, message=_("Buy between 1 and %(max)d at a time.") % {"max": MAX_QUANTITY}
        )
    offer = find_offer(name)
    if offer is None:
        listed = offers()
        return PurchaseResult(
            ok=False,
            message=_("The shop does not sell “%(name)s”.") % {"name": name},
            offers=listed,
            shown=shown_in(language, [o.name for o in listed]),
        )
    total = offer.price * quantity
    base = {"item_id": offer.item.item_id, "name": offer.item.display_name}
    shown = shown_in(language, [base["name"]])
    named = shown(base["name"])
    with transaction.atomic():
        if offer.stock is not None:
            taken = ShopItem.objects.filter(pk=offer.pk, stock__gte=quantity).update(
                stock=F("stock") - quantity
            )
            if not taken:
                left = _("Only %(stock)d %(name)s left in stock.")
                return PurchaseResult(
                    ok=False,
                    message=left % {"stock": offer.stock, "name": named},
                    shown=shown,
                    **base,
                )
        paid = PlayerProfile.objects.filter(pk=profile.pk, balance__gte=total).update(
            balance=F("balance") - total
        )
        if not paid:
            # Give the stock back: nothing of this purchase may remain.
            transaction.set_rollback(True)
            return PurchaseResult(
                ok=False,
                message=_(
                    "%(quantity)d× %(name)s costs %(total)d coins; your balance is %(balance)d."
                )
                % {
                    "quantity": quantity,
                    "name": named,
                    "total": total,
                    "balance": profile.balance,
                },
                total=total,
                balance=profile.balance,
                shown=shown,
                **base,
            )
        purchase = Purchase.objects.create(
            profile=profile,
            shop_item=offer,
            item_id=base["item_id"],
            item_display_name=base["name"],
            quantity=quantity,
            unit_price=offer.price,
            total=total,
        )
        Delivery.objects.create(
            profile=profile,
            kind=DeliveryKind.ITEM,
            item_id=base["item_id"],
            label=f"{quantity}× {base['name']}",
            count=quantity,
            reason=purchase_reason(purchase.pk),
        )
    profile.refresh_from_db(fields=["balance"])
    return PurchaseResult(
        ok=True,
        message=_("Bought %(quantity)d× %(name)s for %(total)d coins.")
        % {"quantity": quantity, "name": named, "total": total},
        purchase_id=purchase.pk,
        quantity=quantity,
        unit_price=offer.price,
        total=total,
        balance=profile.balance,
        shown=shown,
        **base,
    )


def refund(result: PurchaseResult) -> bool:
    """Undo a purchase: refund, restock, cancel the delivery. Raises if already handed out;
    ``False`` when there was nothing to refund (it failed, or was refunded already)."""
    if not result.ok or result.purchase_id is None:
        return False
    with transaction.atomic():
        purchase = Purchase.objects.filter(pk=result.purchase_id, refunded=False).first()
        if purchase is None:
            return False
        # Cancelling the undelivered delivery is the claim: no deliverer can hand it out now.
        _, kept = Delivery.objects.take_back(purchase_reason(purchase.pk))
        if kept:
            raise CannotCompensate(handed_out_message(kept))
        Purchase.objects.filter(pk=purchase.pk).update(refunded=True)
        PlayerProfile.objects.filter(pk=purchase.profile_id).update(
            balance=F("balance") + purchase.total
        )
        if purchase.shop_item_id is not None:
            ShopItem.objects.filter(pk=purchase.shop_item_id, stock__isnull=False).update(
                stock=F("stock") + purchase.quantity
            )
    return True


# The demo shop of the coin-shop article: starter kits, food and building blocks.
DEMO_OFFERS: tuple[tuple[str, int, int | None], ...] = (
    ("minecraft:bread", 5, None),
    ("minecraft:cooked_beef", 8, None),
    ("minecraft:torch", 2, None),
    ("minecraft:oak_planks", 1, None),
    ("minecraft:cobblestone", 1, None),
    ("minecraft:iron_pickaxe", 120, 20),
    ("minecraft:crafting_table", 15, None),
)


def ensure_demo_shop() -> list[str]:
    """Create the demo offers that do not exist yet (idempotent; edits are kept)."""
    items = {i.item_id: i for i in Item.objects.filter(item_id__in=[o[0] for o in DEMO_OFFERS])}
    created = 0
    for item_id, price, stock in DEMO_OFFERS:
        item = items.get(item_id)
        if item is None:
            continue
        defaults = {"price": price, "stock": stock}
        _, new = ShopItem.objects.get_or_create(item=item, defaults=defaults)
        created += new
    return [f"shop offers: {created} created, {len(DEMO_OFFERS) - created} kept or skipped"]
