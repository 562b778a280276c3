"""Knowledge-base articles: hand-written server pages and quest descriptions."""

from __future__ import annotations

from django.db import models

from agentweb.game.models.quests import TITLE_LENGTH


class ArticleSource(models.TextChoices):
    MANUAL = "manual", "Written by the server staff"
    QUEST = "quest", "Quest description"


class KnowledgeArticle(models.Model):
    """A searchable text. ``key`` is stable across imports (``quest:<book>:<id>``)."""

    key = models.CharField(max_length=200, unique=True)
    source = models.CharField(max_length=16, choices=ArticleSource.choices, db_index=True)
    title = models.CharField(max_length=TITLE_LENGTH, db_index=True)
    body = models.TextField()
    # Comma-separated, lower case: simple to search with icontains on any database.
    tags = models.CharField(max_length=500, blank=True)
    quest = models.ForeignKey(
        "game.Quest", null=True, blank=True, on_delete=models.CASCADE, related_name="articles"
    )
    # The game language of a quest's text (en_us, zh_cn); blank for the staff's articles.
    language = models.CharField(max_length=16, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["title"]

    def __str__(self) -> str:
        return self.title

    @property
    def tag_list(self) -> list[str]:
        return [tag.strip() for tag in self.tags.split(",") if tag.strip()]
