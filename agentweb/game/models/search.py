"""The full-text search index: one document per article, quest and item.

Each row copies the searchable text of one object (its title, the other
names it goes by, its body). The database indexes these rows with its own
full-text engine: an FTS5 table kept in step by triggers on SQLite, a
generated ``tsvector`` column with a GIN index on PostgreSQL (both made by
the migration, see ``agentweb.game.search``). Deleting the object deletes
its document.
"""

from __future__ import annotations

from django.db import models

from agentweb.game.models.items import Item
from agentweb.game.models.knowledge import KnowledgeArticle
from agentweb.game.models.quests import TITLE_LENGTH, Quest, QuestBook


class DocumentKind(models.TextChoices):
    ARTICLE = "article", "Knowledge article"
    QUEST = "quest", "Quest"
    ITEM = "item", "Item"


class SearchDocument(models.Model):
    kind = models.CharField(max_length=16, choices=DocumentKind.choices, db_index=True)
    article = models.OneToOneField(
        KnowledgeArticle, null=True, blank=True, on_delete=models.CASCADE, related_name="document"
    )
    quest = models.OneToOneField(
        Quest, null=True, blank=True, on_delete=models.CASCADE, related_name="document"
    )
    item = models.OneToOneField(
        Item, null=True, blank=True, on_delete=models.CASCADE, related_name="document"
    )
    book = models.ForeignKey(
        QuestBook, null=True, blank=True, on_delete=models.CASCADE, related_name="documents"
    )
    title = models.CharField(max_length=TITLE_LENGTH)
    # Other names: an item's id, an article's tags, the items a quest asks for and gives.
    names = models.TextField(blank=True)
    body = models.TextField(blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["kind", "title"]

    def __str__(self) -> str:
        return f"{self.kind}: {self.title}"
