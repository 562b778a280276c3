"""Names of the game's things in every language the data carries.

One row per (origin, kind, key, language): ``("pack", "item", "create:andesite_alloy",
"zh_cn")`` → 安山合金. ``key`` is the game id of the thing named (an item, block, entity,
fluid, item tag or recipe type), or ``<book slug>/<16-hex id>`` for the parts of a quest
book. ``origin`` says which import owns the row (``minecraft-data``, ``pack``,
``book:<slug>``): each import replaces only its own rows, and where two origins name the
same thing in the same language the pack's name wins (:data:`ORIGIN_PRECEDENCE`).

``folded`` is the text as names are compared (case-folded, whitespace collapsed). The
migrations index it for exact and prefix lookups — a B-tree in code point order (SQLite's
own; ``COLLATE "C"`` on PostgreSQL), so that a prefix is one range of it — and for
substrings in any script, Chinese included: an FTS5 table with the ``trigram`` tokenizer
on SQLite, a ``pg_trgm`` GIN index on PostgreSQL. Look names up with
:func:`agentweb.game.search.localized.names_matching` and
:func:`agentweb.game.search.localized.localized_names`.
"""

from __future__ import annotations

import unicodedata

from django.db import models

# Long enough for a quest title; longer text is not a name.
NAME_LENGTH = 300
KEY_LENGTH = 300
# Minecraft language codes: en_us, zh_cn, lol_us, …
LANGUAGE_LENGTH = 16
# The language every pack has, and the one answers fall back to.
DEFAULT_LANGUAGE = "en_us"


class NameKind(models.TextChoices):
    ITEM = "item", "Item"
    BLOCK = "block", "Block"
    ENTITY = "entity", "Entity (mob)"
    FLUID = "fluid", "Fluid"
    TAG = "tag", "Item tag"
    STATION = "station", "Recipe type (station)"
    MOD = "mod", "Mod"
    BOOK = "book", "Quest book"
    CHAPTER_GROUP = "chapter_group", "Chapter group"
    CHAPTER = "chapter", "Chapter"
    QUEST = "quest", "Quest"
    TASK = "task", "Quest task"
    REWARD = "reward", "Quest reward"
    REWARD_TABLE = "reward_table", "Reward table"


class NameOrigin:
    MINECRAFT_DATA = "minecraft-data"
    PACK = "pack"

    @staticmethod
    def book(slug: str) -> str:
        return f"book:{slug}"


# Where two imports name the same thing in one language, the first here wins: the
# server's own files over the shipped vanilla data.
ORIGIN_PRECEDENCE = (NameOrigin.PACK, "book:", NameOrigin.MINECRAFT_DATA)


def fold(text: str) -> str:
    """A name as it is compared: NFKC, case-folded, whitespace collapsed."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def origin_rank(origin: str) -> int:
    for rank, prefix in enumerate(ORIGIN_PRECEDENCE):
        if origin.startswith(prefix):
            return rank
    return len(ORIGIN_PRECEDENCE)


class GameName(models.Model):
    origin = models.CharField(max_length=80)
    kind = models.CharField(max_length=16, choices=NameKind.choices)
    key = models.CharField(max_length=KEY_LENGTH)
    language = models.CharField(max_length=LANGUAGE_LENGTH)
    text = models.CharField(max_length=NAME_LENGTH)
    # Indexed by the migrations (0006, 0009): the B-tree's order depends on the database.
    folded = models.CharField(max_length=NAME_LENGTH)

    class Meta:
        ordering = ["kind", "key", "language"]
        # Also the index of lookups by (kind, key): one B-tree less to keep while a pack
        # writes a million names.
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "key", "language", "origin"], name="game_name_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.key} [{self.language}]: {self.text}"

    def save(self, *args, **kwargs) -> None:
        self.folded = fold(self.text)
        super().save(*args, **kwargs)
