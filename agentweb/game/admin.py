"""Admin pages for the game world: browse imported data, edit profiles and articles."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib import admin

# Registers the pack imports' admin (start an import, read the last report).
from agentweb.game import pack_admin  # noqa: F401
from agentweb.game.models import (
    Chapter,
    ChapterGroup,
    Item,
    ItemSource,
    KnowledgeArticle,
    PlayerProfile,
    Purchase,
    Quest,
    QuestBook,
    QuestProgress,
    Reward,
    RewardTable,
    RewardTableEntry,
    ShopItem,
    Task,
)
from agentweb.game.search.game_names import game_language


@admin.register(Item)
class ItemAdmin(admin.ModelAdmin):
    list_display = ("display_name", "item_id", "stack_size", "max_durability", "food_points")
    list_filter = ("namespace", "mc_version")
    search_fields = ("item_id", "name", "display_name")


@admin.register(ItemSource)
class ItemSourceAdmin(admin.ModelAdmin):
    list_display = (
        "item",
        "kind",
        "result_count",
        "source_display_name",
        "chance",
        "variant_count",
    )
    list_filter = ("kind", "origin", "player_kill", "silk_touch")
    search_fields = ("item__item_id", "item__display_name", "source_name", "source_display_name")
    list_select_related = ("item",)
    raw_id_fields = ("item", "input_item")


class ChapterInline(admin.TabularInline):
    model = Chapter
    fields = ("title", "filename", "group", "order")
    extra = 0
    show_change_link = True


@admin.register(QuestBook)
class QuestBookAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "imported_at")
    search_fields = ("name", "slug")
    inlines = [ChapterInline]


@admin.register(ChapterGroup)
class ChapterGroupAdmin(admin.ModelAdmin):
    list_display = ("title", "book", "group_id", "order")
    list_filter = ("book",)
    search_fields = ("title", "group_id")


@admin.register(Chapter)
class ChapterAdmin(admin.ModelAdmin):
    list_display = ("title", "book", "filename", "group", "order")
    list_filter = ("book",)
    search_fields = ("title", "filename", "chapter_id")
    list_select_related = ("book", "group")


class TaskInline(admin.TabularInline):
    model = Task
    fields = ("order", "type", "raw_type", "title", "item_id", "count")
    extra = 0


class RewardInline(admin.TabularInline):
    model = Reward
    fields = ("order", "type", "title", "item_id", "count", "xp", "table")
    extra = 0


@admin.register(Quest)
class QuestAdmin(admin.ModelAdmin):
    list_display = ("title", "quest_id", "chapter", "title_source", "optional")
    list_filter = ("book", "chapter", "title_source", "optional")
    search_fields = ("title", "quest_id", "subtitle")
    list_select_related = ("chapter",)
    filter_horizontal = ("dependencies",)
    inlines = [TaskInline, RewardInline]


@admin.register(Task)
class TaskAdmin(admin.ModelAdmin):
    list_display = ("__str__", "quest", "type", "raw_type", "item_id", "count")
    list_filter = ("type",)
    search_fields = ("title", "item_id", "task_id", "quest__title")
    list_select_related = ("quest",)
    raw_id_fields = ("quest",)


@admin.register(Reward)
class RewardAdmin(admin.ModelAdmin):
    list_display = ("__str__", "quest", "type", "item_id", "count", "xp", "table")
    list_filter = ("type",)
    search_fields = ("title", "item_id", "reward_id", "quest__title")
    list_select_related = ("quest", "table")
    raw_id_fields = ("quest", "table")


class RewardTableEntryInline(admin.TabularInline):
    model = RewardTableEntry
    fields = ("order", "item_id", "item_display_name", "count", "weight")
    extra = 0


@admin.register(RewardTable)
class RewardTableAdmin(admin.ModelAdmin):
    list_display = ("title", "book", "table_id", "loot_size")
    list_filter = ("book",)
    search_fields = ("title", "table_id")
    inlines = [RewardTableEntryInline]


class KnowledgeArticleForm(forms.ModelForm):
    """The language is one the site speaks, or none; an imported article keeps its own."""

    class Meta:
        model = KnowledgeArticle
        fields = ("key", "source", "language", "title", "body", "tags", "quest")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", "Any language")]
        choices += [(game_language(code), name) for code, name in settings.LANGUAGES]
        current = self.instance.language
        if current and current not in dict(choices):
            choices.append((current, current))
        field = self.fields["language"]
        self.fields["language"] = forms.ChoiceField(
            choices=choices, required=False, help_text=field.help_text
        )


@admin.register(KnowledgeArticle)
class KnowledgeArticleAdmin(admin.ModelAdmin):
    form = KnowledgeArticleForm
    list_display = ("title", "language", "source", "tags", "updated_at")
    list_filter = ("source", "language")
    search_fields = ("title", "body", "tags", "key")
    raw_id_fields = ("quest",)


class QuestProgressInline(admin.TabularInline):
    model = QuestProgress
    fields = ("quest", "status", "reward_claimed")
    raw_id_fields = ("quest",)
    extra = 0


@admin.register(PlayerProfile)
class PlayerProfileAdmin(admin.ModelAdmin):
    list_display = ("minecraft_name", "user", "level", "balance", "signin_streak", "last_signin")
    search_fields = ("minecraft_name", "user__username")
    inlines = [QuestProgressInline]


@admin.register(QuestProgress)
class QuestProgressAdmin(admin.ModelAdmin):
    list_display = ("profile", "quest", "status", "reward_claimed", "updated")
    list_filter = ("status", "reward_claimed")
    search_fields = ("profile__minecraft_name", "quest__title")
    list_select_related = ("profile", "quest")
    raw_id_fields = ("profile", "quest")


# --- the coin shop ------------------------------------------------


@admin.register(ShopItem)
class ShopItemAdmin(admin.ModelAdmin):
    list_display = ("item", "price", "stock", "active")
    list_editable = ("price", "stock", "active")
    autocomplete_fields = ("item",)


@admin.register(Purchase)
class PurchaseAdmin(admin.ModelAdmin):
    list_display = ("profile", "item_display_name", "quantity", "total", "refunded", "created")
    list_filter = ("refunded",)
    readonly_fields = [f.name for f in Purchase._meta.fields]


# Deliveries are administered with the game-server bridge (agentweb/gameserver/admin.py).
