"""The coin shop: what it sells and what players bought."""

from __future__ import annotations

from django.db import models

from agentweb.game.models.items import Item
from agentweb.game.models.players import PlayerProfile


class ShopItem(models.Model):
    """An item for sale. ``stock`` ``None`` means unlimited."""

    item = models.OneToOneField(Item, on_delete=models.CASCADE, related_name="shop_offer")
    price = models.PositiveIntegerField(help_text="Coins per item.")
    stock = models.PositiveIntegerField(null=True, blank=True, help_text="Empty: unlimited.")
    active = models.BooleanField(default=True)

    class Meta:
        ordering = ["item__display_name"]

    def __str__(self) -> str:
        return f"{self.item.display_name} — {self.price} coins"


class Purchase(models.Model):
    """One purchase; ``refunded`` when undo reverted it (R-MEM-1)."""

    profile = models.ForeignKey(PlayerProfile, on_delete=models.CASCADE, related_name="purchases")
    shop_item = models.ForeignKey(
        ShopItem, null=True, on_delete=models.SET_NULL, related_name="purchases"
    )
    item_id = models.CharField(max_length=200)
    item_display_name = models.CharField(max_length=200)
    quantity = models.PositiveIntegerField()
    unit_price = models.PositiveIntegerField()
    total = models.PositiveIntegerField()
    refunded = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.profile}: {self.quantity}× {self.item_display_name} for {self.total}"
