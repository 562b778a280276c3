"""Items and the ways to obtain them (crafting, cooking, block and mob drops)."""

from __future__ import annotations

from django.db import models

# Long enough for modded ids such as "ftbfiltersystem:smart_filter" plus a path.
ITEM_ID_LENGTH = 200
DISPLAY_NAME_LENGTH = 200


class Item(models.Model):
    """One item, identified by its full id (``minecraft:iron_ingot``)."""

    item_id = models.CharField(max_length=ITEM_ID_LENGTH, unique=True)
    # The import that owns the row: "minecraft-data" (vanilla), "pack" (import_pack).
    origin = models.CharField(max_length=32, default="minecraft-data", db_index=True)
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
    STONECUTTING = "stonecutting", "Stonecutting"
    SMITHING = "smithing", "Smithing"
    PROCESSING = "processing", "A mod's recipe (machine or station)"
    BLOCK_DROP = "block_drop", "Block drop"
    MOB_DROP = "mob_drop", "Mob drop"
    CHEST_LOOT = "chest_loot", "Chest loot"
    GAMEPLAY_LOOT = "gameplay_loot", "Gameplay loot (fishing, bartering, gifts, digging)"


CRAFTING_KINDS = (SourceKind.CRAFTING_SHAPED, SourceKind.CRAFTING_SHAPELESS)
COOKING_KINDS = (SourceKind.SMELTING, SourceKind.BLASTING, SourceKind.SMOKING, SourceKind.CAMPFIRE)
# Recipes made at a station other than the crafting grid or a furnace.
STATION_KINDS = (SourceKind.STONECUTTING, SourceKind.SMITHING, SourceKind.PROCESSING)
DROP_KINDS = (SourceKind.BLOCK_DROP, SourceKind.MOB_DROP)
LOOT_KINDS = (*DROP_KINDS, SourceKind.CHEST_LOOT, SourceKind.GAMEPLAY_LOOT)


def source_defaults() -> dict:
    """An :class:`ItemSource` row's fields that say nothing yet, as importers start a row
    (the item, kind and origin are theirs to set)."""
    return {
        "result_count": 1,
        "grid": None,
        "ingredients": [],
        "variant_count": 1,
        "source_name": "",
        "source_display_name": "",
        "chance": None,
        "count_min": None,
        "count_max": None,
        "silk_touch": False,
        "no_silk_touch": False,
        "player_kill": False,
        "details": {},
    }


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
    * a pack's recipes and loot (``origin`` ``pack``): ``recipe`` / ``loot_table`` link
      the whole recipe or table; stonecutting, smithing and ``processing`` (any mod's
      recipe type) have ``ingredients`` (items, ``tag``, ``fluid``… — see
      :mod:`agentweb.game.importers.pack.stacks`) and ``details`` with the recipe
      ``type``, its ``station`` and every ``results`` entry; ``chance`` is set when the
      item comes out only sometimes. Chest and gameplay loot are drops whose source is
      the table.
    """

    key = models.CharField(
        max_length=64, unique=True, help_text="Content hash; keeps re-imports idempotent."
    )
    origin = models.CharField(max_length=64, default="minecraft-data")
    kind = models.CharField(max_length=32, choices=SourceKind.choices)
    # Indexed with the kind (``Meta.indexes``): its lookups, and the cascade from Item.
    item = models.ForeignKey(Item, on_delete=models.CASCADE, related_name="sources", db_index=False)
    result_count = models.PositiveSmallIntegerField(default=1)
    grid = models.JSONField(null=True, blank=True)
    ingredients = models.JSONField(default=list, blank=True)
    variant_count = models.PositiveIntegerField(default=1)
    input_item = models.ForeignKey(
        Item, null=True, blank=True, on_delete=models.CASCADE, related_name="cooking_uses"
    )
    source_name = models.CharField(max_length=ITEM_ID_LENGTH, blank=True)
    source_display_name = models.CharField(max_length=DISPLAY_NAME_LENGTH, blank=True)
    chance = models.FloatField(null=True, blank=True)
    count_min = models.PositiveSmallIntegerField(null=True, blank=True)
    count_max = models.PositiveSmallIntegerField(null=True, blank=True)
    silk_touch = models.BooleanField(default=False)
    no_silk_touch = models.BooleanField(default=False)
    player_kill = models.BooleanField(default=False)
    details = models.JSONField(default=dict, blank=True)
    # The pack's recipe or loot table this source comes from (none for minecraft-data).
    recipe = models.ForeignKey(
        "game.Recipe", null=True, blank=True, on_delete=models.CASCADE, related_name="sources"
    )
    loot_table = models.ForeignKey(
        "game.LootTable", null=True, blank=True, on_delete=models.CASCADE, related_name="sources"
    )

    class Meta:
        ordering = ["item_id", "kind", "id"]
        indexes = [models.Index(fields=["item", "kind"], name="game_source_item_kind")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} → {self.item_id}"

    def ingredient_ids(self) -> set[str]:
        """Every item id this source consumes, over all alternatives."""
        return {item for entry in self.ingredients or [] for item in entry.get("items", [])}
