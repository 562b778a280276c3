"""What ``import_pack`` brings from a server's own files: recipes of every type, loot tables,
item tags — and the imports themselves, with their reports.

Each recipe and loot table is kept whole here, by the game's id, with a digest of its
content (a re-import compares digests to say what was added, changed or removed); the
ways to obtain each item they give are :class:`~agentweb.game.models.ItemSource` rows
linked to them (one per item a recipe makes or a table drops), which is what the tools
read.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

ID_LENGTH = 300
DIGEST_LENGTH = 40


class Recipe(models.Model):
    """One recipe as the pack defines it.

    ``ingredients`` and ``results`` are in the forms of
    :mod:`agentweb.game.importers.pack.stacks`; ``grid`` is set for shaped recipes
    (rows of ``null`` | ``[ids]`` | ``{"tag", "items"}``); ``data`` holds every other
    field of a recipe type this reader does not render (time, heat, energy…).
    ``station`` is where it is made, in English (other languages: the name index,
    kind ``station``, keyed by ``type``).
    """

    recipe_id = models.CharField(max_length=ID_LENGTH, unique=True)
    type = models.CharField(max_length=ID_LENGTH, db_index=True)
    kind = models.CharField(max_length=32)
    rendered = models.BooleanField(
        default=False, help_text="A vanilla type, shown as the game shows it."
    )
    station = models.CharField(max_length=200, blank=True)
    ingredients = models.JSONField(default=list, blank=True)
    results = models.JSONField(default=list, blank=True)
    grid = models.JSONField(null=True, blank=True)
    data = models.JSONField(default=dict, blank=True)
    source = models.CharField(max_length=500, blank=True, help_text="The jar or pack it came from.")
    digest = models.CharField(max_length=DIGEST_LENGTH)
    # The file it was read from and what it was read with (tags, items, mods): the same key
    # on a re-import means the same recipe, which is then not read again.
    file_key = models.CharField(max_length=DIGEST_LENGTH, blank=True)
    # The ways to obtain items it gives (ItemSource rows): a re-import that finds fewer
    # (an admin deleted some) reads it again, whatever its key.
    source_rows = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["recipe_id"]

    def __str__(self) -> str:
        return f"{self.recipe_id} ({self.type})"


class LootKind(models.TextChoices):
    BLOCK = "block", "Block"
    ENTITY = "entity", "Entity"
    CHEST = "chest", "Chest"
    GAMEPLAY = "gameplay", "Gameplay (fishing, bartering, gifts, digging)"
    OTHER = "other", "Other (used by code or by other tables)"


class LootTable(models.Model):
    """One loot table; ``drops`` is its summary (one entry per item it can give)."""

    table_id = models.CharField(max_length=ID_LENGTH, unique=True)
    kind = models.CharField(max_length=16, choices=LootKind.choices, db_index=True)
    source_name = models.CharField(max_length=ID_LENGTH, blank=True)
    drops = models.JSONField(default=list, blank=True)
    source = models.CharField(max_length=500, blank=True)
    digest = models.CharField(max_length=DIGEST_LENGTH)
    # As for recipes; and the tables it follows (their files are part of its key).
    file_key = models.CharField(max_length=DIGEST_LENGTH, blank=True)
    references = models.JSONField(default=list, blank=True)
    # As for recipes.
    source_rows = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["table_id"]

    def __str__(self) -> str:
        return self.table_id


class ItemTag(models.Model):
    """An item tag with its members resolved (nested tags followed, ``replace`` applied)."""

    tag_id = models.CharField(max_length=ID_LENGTH, unique=True)
    items = models.JSONField(default=list, blank=True)
    digest = models.CharField(max_length=DIGEST_LENGTH)

    class Meta:
        ordering = ["tag_id"]

    def __str__(self) -> str:
        return f"#{self.tag_id}"


class ImportStatus(models.TextChoices):
    RUNNING = "running", "Running"
    SUCCEEDED = "succeeded", "Succeeded"
    FAILED = "failed", "Failed (nothing written)"


class PackImport(models.Model):
    """One run of ``import_pack`` (from the command or the admin) and its report."""

    path = models.CharField(max_length=1000)
    dry_run = models.BooleanField(default=False)
    status = models.CharField(
        max_length=16, choices=ImportStatus.choices, default=ImportStatus.RUNNING, db_index=True
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    report = models.JSONField(default=dict, blank=True)
    text = models.TextField(blank=True, help_text="The report as the command prints it.")

    class Meta:
        ordering = ["-started_at", "-id"]
        verbose_name = "pack import"

    def __str__(self) -> str:
        return f"{self.path} ({self.get_status_display()})"
