"""Things owed to a player in the game (shop purchases, quest rewards).

The web application cannot put items into a Minecraft inventory: it records
a delivery, and the game-server plugin hands it out and marks it delivered.
Undo may only take back deliveries that were not handed out yet.
"""

from __future__ import annotations

from django.db import models

from agentweb.game.models.players import PlayerProfile


class DeliveryKind(models.TextChoices):
    ITEM = "item", "Item"
    XP = "xp", "Experience"
    LOOT = "loot", "Roll of a reward table"
    OTHER = "other", "Handled by the game (command, stage…)"


class Delivery(models.Model):
    profile = models.ForeignKey(PlayerProfile, on_delete=models.CASCADE, related_name="deliveries")
    kind = models.CharField(max_length=16, choices=DeliveryKind.choices)
    item_id = models.CharField(max_length=200, blank=True)
    label = models.CharField(max_length=300)
    count = models.PositiveIntegerField(default=1)
    # What caused it: "purchase:<id>" or "quest:<book>:<quest id>"; undo finds it by this.
    reason = models.CharField(max_length=100, db_index=True)
    delivered = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]
        verbose_name_plural = "deliveries"

    def __str__(self) -> str:
        return f"{self.profile}: {self.label}"
