"""FTB Quests: quest books, chapters, quests, tasks, rewards and reward tables."""

from __future__ import annotations

from django.db import models

from agentweb.game.models.items import DISPLAY_NAME_LENGTH, ITEM_ID_LENGTH

# FTB Quests ids are 64-bit numbers written as 16 hex digits.
FTB_ID_LENGTH = 16
TITLE_LENGTH = 300


class QuestBook(models.Model):
    """One imported FTB Quests pack (``config/ftbquests/quests``)."""

    slug = models.SlugField(max_length=100, unique=True)
    name = models.CharField(max_length=TITLE_LENGTH)
    source_path = models.CharField(max_length=500, blank=True)
    imported_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class ChapterGroup(models.Model):
    book = models.ForeignKey(QuestBook, on_delete=models.CASCADE, related_name="chapter_groups")
    group_id = models.CharField(max_length=FTB_ID_LENGTH)
    title = models.CharField(max_length=TITLE_LENGTH)
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["book", "order"]
        constraints = [
            models.UniqueConstraint(fields=["book", "group_id"], name="game_chaptergroup_book_id"),
        ]

    def __str__(self) -> str:
        return self.title


class Chapter(models.Model):
    book = models.ForeignKey(QuestBook, on_delete=models.CASCADE, related_name="chapters")
    chapter_id = models.CharField(max_length=FTB_ID_LENGTH)
    filename = models.CharField(max_length=200)
    title = models.CharField(max_length=TITLE_LENGTH)
    group = models.ForeignKey(
        ChapterGroup, null=True, blank=True, on_delete=models.SET_NULL, related_name="chapters"
    )
    order = models.IntegerField(default=0)
    icon = models.CharField(max_length=ITEM_ID_LENGTH, blank=True)

    class Meta:
        ordering = ["book", "order", "filename"]
        constraints = [
            models.UniqueConstraint(fields=["book", "chapter_id"], name="game_chapter_book_id"),
        ]

    def __str__(self) -> str:
        return self.title


class TitleSource(models.TextChoices):
    INLINE = "inline", "Written in the quest file"
    LANG = "lang", "From a language file"
    FALLBACK = "fallback", "Derived (the quest has no title)"


class Quest(models.Model):
    book = models.ForeignKey(QuestBook, on_delete=models.CASCADE, related_name="quests")
    chapter = models.ForeignKey(Chapter, on_delete=models.CASCADE, related_name="quests")
    quest_id = models.CharField(max_length=FTB_ID_LENGTH)
    title = models.CharField(max_length=TITLE_LENGTH, db_index=True)
    title_source = models.CharField(
        max_length=16, choices=TitleSource.choices, default=TitleSource.INLINE
    )
    subtitle = models.CharField(max_length=TITLE_LENGTH * 2, blank=True)
    description = models.TextField(blank=True, help_text="Formatting codes and markers removed.")
    dependency_requirement = models.CharField(max_length=32, default="all_completed")
    optional = models.BooleanField(default=False)
    order = models.PositiveIntegerField(default=0, help_text="Position in the chapter file.")
    dependencies = models.ManyToManyField(
        "self", symmetrical=False, related_name="dependents", blank=True
    )

    class Meta:
        ordering = ["chapter", "order"]
        constraints = [
            models.UniqueConstraint(fields=["book", "quest_id"], name="game_quest_book_id"),
        ]

    def __str__(self) -> str:
        return f"{self.title} [{self.quest_id}]"


class TaskType(models.TextChoices):
    ITEM = "item"
    FLUID = "fluid"
    CHECKMARK = "checkmark"
    KILL = "kill"
    ADVANCEMENT = "advancement"
    DIMENSION = "dimension"
    BIOME = "biome"
    STRUCTURE = "structure"
    OBSERVATION = "observation"
    LOCATION = "location"
    STAT = "stat"
    XP = "xp"
    GAMESTAGE = "gamestage"
    OTHER = "other"


class Task(models.Model):
    """What a quest asks for. Unknown task types are ``other`` with ``raw_type`` kept."""

    quest = models.ForeignKey(Quest, on_delete=models.CASCADE, related_name="tasks")
    task_id = models.CharField(max_length=FTB_ID_LENGTH + 8)
    order = models.PositiveIntegerField(default=0)
    type = models.CharField(max_length=32, choices=TaskType.choices)
    raw_type = models.CharField(max_length=100)
    title = models.CharField(max_length=TITLE_LENGTH, blank=True)
    item_id = models.CharField(max_length=ITEM_ID_LENGTH, blank=True, db_index=True)
    item_display_name = models.CharField(max_length=DISPLAY_NAME_LENGTH, blank=True)
    count = models.PositiveBigIntegerField(default=1)
    details = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["quest", "order"]
        constraints = [
            models.UniqueConstraint(fields=["quest", "task_id"], name="game_task_quest_id"),
        ]

    def __str__(self) -> str:
        return self.label

    @property
    def label(self) -> str:
        """What a player would read: the task title, else the item or the type."""
        return self.title or self.item_display_name or self.raw_type


class RewardTable(models.Model):
    book = models.ForeignKey(QuestBook, on_delete=models.CASCADE, related_name="reward_tables")
    table_id = models.CharField(max_length=FTB_ID_LENGTH)
    title = models.CharField(max_length=TITLE_LENGTH)
    filename = models.CharField(max_length=200, blank=True)
    loot_size = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["book", "title"]
        constraints = [
            models.UniqueConstraint(fields=["book", "table_id"], name="game_rewardtable_book_id"),
        ]

    def __str__(self) -> str:
        return self.title


class RewardTableEntry(models.Model):
    table = models.ForeignKey(RewardTable, on_delete=models.CASCADE, related_name="entries")
    order = models.PositiveIntegerField(default=0)
    item_id = models.CharField(max_length=ITEM_ID_LENGTH, blank=True, db_index=True)
    item_display_name = models.CharField(max_length=DISPLAY_NAME_LENGTH, blank=True)
    count = models.PositiveIntegerField(default=1)
    weight = models.FloatField(default=1.0)
    details = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["table", "order"]
        constraints = [
            models.UniqueConstraint(fields=["table", "order"], name="game_rewardentry_table_order"),
        ]

    def __str__(self) -> str:
        return f"{self.count}× {self.item_display_name or self.item_id}"


class Reward(models.Model):
    """What finishing a quest gives. ``type`` is FTB's own (item, xp, choice, …)."""

    quest = models.ForeignKey(Quest, on_delete=models.CASCADE, related_name="rewards")
    reward_id = models.CharField(max_length=FTB_ID_LENGTH + 8)
    order = models.PositiveIntegerField(default=0)
    type = models.CharField(max_length=100)
    title = models.CharField(max_length=TITLE_LENGTH, blank=True)
    item_id = models.CharField(max_length=ITEM_ID_LENGTH, blank=True, db_index=True)
    item_display_name = models.CharField(max_length=DISPLAY_NAME_LENGTH, blank=True)
    count = models.PositiveIntegerField(default=1)
    xp = models.IntegerField(
        null=True, blank=True, help_text="Points for xp, levels for xp_levels."
    )
    table = models.ForeignKey(
        RewardTable, null=True, blank=True, on_delete=models.SET_NULL, related_name="rewards"
    )
    details = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["quest", "order"]
        constraints = [
            models.UniqueConstraint(fields=["quest", "reward_id"], name="game_reward_quest_id"),
        ]

    def __str__(self) -> str:
        return self.label

    @property
    def label(self) -> str:
        if self.title:
            return self.title
        if self.item_id:
            return f"{self.count}× {self.item_display_name or self.item_id}"
        if self.xp is not None:
            return f"{self.xp} {'levels' if self.type == 'xp_levels' else 'XP'}"
        if self.table_id is not None:
            return f"{self.type}: {self.table}"
        return self.type
