"""Items and the ways to obtain them (crafting, cooking, block and mob drops)."""

from __future__ import annotations

from django.db import models

# Long enough for modded ids such as "ftbfiltersystem:smart_filter" plus a path.
ITEM_ID_LENGTH = 200
DISPLAY_NAME_LENGTH = 200


class Item(models.Model):
    """One item, identified by its full id (``minecraft:iron_ingot``)."""

    item_id = models.CharField(max_length=ITEM_ID_LENGTH, unique=True)
    namespace = models.CharField(max_length=64, default="minecraft")
    name = models.CharField(max_length=ITEM_ID_LENGTH, db_index=True)
    display_name = models.CharField(max_length=DISPLAY_NAME_LENGTH, db_index=True)
    stack_size = models.PositiveSmallIntegerField(default=64)
    max_durability = models.PositiveIntegerField(null=True, blank=True)
    mc_version = models.CharField(max_length=32, blank=True)
    # Only edible items have these (minecraft-data foods.json).
    food_points = models.FloatField(null=True, blank=True)
    saturation = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["display_name"]
        constraints = [
            models.UniqueConstraint(fields=["namespace", "name"], name="game_item_namespace_name"),
        ]

    def __str__(self) -> str:
        return f"{self.display_name} ({self.item_id})"

    @property
    def is_food(self) -> bool:
        return self.food_points is not None


class SourceKind(models.TextChoices):
    CRAFTING_SHAPED = "crafting_shaped", "Crafting (shaped)"
    CRAFTING_SHAPELESS = "crafting_shapeless", "Crafting (shapeless)"
    SMELTING = "smelting", "Smelting (furnace)"
    BLASTING = "blasting", "Blasting (blast furnace)"
    SMOKING = "smoking", "Smoking (smoker)"
    CAMPFIRE = "campfire", "Campfire cooking"
    BLOCK_DROP = "block_drop", "Block drop"
    MOB_DROP = "mob_drop", "Mob drop"


CRAFTING_KINDS = (SourceKind.CRAFTING_SHAPED, SourceKind.CRAFTING_SHAPELESS)
COOKING_KINDS = (SourceKind.SMELTING, SourceKind.BLASTING, SourceKind.SMOKING, SourceKind.CAMPFIRE)
DROP_KINDS = (SourceKind.BLOCK_DROP, SourceKind.MOB_DROP)


class ItemSource(models.Model):
    """One way to obtain ``item``.

    Crafting recipes that the data lists once per tag member (a stick from each
    of the eleven plank types) are stored once: every ``grid`` cell and every
    ``ingredients`` entry is a *list of alternative item ids*, so a card can
    show "any planks". ``variant_count`` says how many listed recipes were
    folded into this row.

    * shaped crafting: ``grid`` = rows top to bottom, each cell ``null`` or a
      list of alternatives; ``ingredients`` = the same slots counted.
    * shapeless crafting: ``ingredients`` = ``[{"items": [...], "count": n}]``.
    * cooking: ``input_item`` (and ``ingredients`` with that one item).
    * drops: ``source_name``/``source_display_name`` (block or entity),
      ``chance``, ``count_min``/``count_max`` and the flags. The numbers are
      approximate: they are what the data says, not always what the game does.
    """

    key = models.CharField(
        max_length=64, unique=True, help_text="Content hash; keeps re-imports idempotent."
    )
    origin = models.CharField(max_length=64, default="minecraft-data")
    kind = models.CharField(max_length=32, choices=SourceKind.choices, db_index=True)
    item = models.ForeignKey(Item, on_delete=models.CASCADE, related_name="sources")
    result_count = models.PositiveSmallIntegerField(default=1)
    grid = models.JSONField(null=True, blank=True)
    ingredients = models.JSONField(default=list, blank=True)
    variant_count = models.PositiveIntegerField(default=1)
    input_item = models.ForeignKey(
        Item, null=True, blank=True, on_delete=models.CASCADE, related_name="cooking_uses"
    )
    source_name = models.CharField(max_length=ITEM_ID_LENGTH, blank=True, db_index=True)
    source_display_name = models.CharField(max_length=DISPLAY_NAME_LENGTH, blank=True)
    chance = models.FloatField(null=True, blank=True)
    count_min = models.PositiveSmallIntegerField(null=True, blank=True)
    count_max = models.PositiveSmallIntegerField(null=True, blank=True)
    silk_touch = models.BooleanField(default=False)
    no_silk_touch = models.BooleanField(default=False)
    player_kill = models.BooleanField(default=False)
    details = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["item_id", "kind", "id"]
        indexes = [models.Index(fields=["item", "kind"], name="game_source_item_kind")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} → {self.item_id}"

    def ingredient_ids(self) -> set[str]:
        """Every item id this source consumes, over all alternatives."""
        return {item for entry in self.ingredients or [] for item in entry.get("items", [])}
