"""Keep the search documents in step with edits made one object at a time (the admin).

The importers write in bulk (no signals) and refresh the documents they
touched themselves; deleting an object deletes its document by cascade.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models.signals import post_delete, post_save

from agentweb.game.models import (
    Item,
    KnowledgeArticle,
    Quest,
    Reward,
    RewardTable,
    RewardTableEntry,
    Task,
)
from agentweb.game.search.documents import Scope, refresh


def _article(sender: Any, instance: KnowledgeArticle, raw: bool = False, **kw: Any) -> None:
    if not raw:
        refresh(Scope(articles=[instance.pk]))


def _item(sender: Any, instance: Item, raw: bool = False, **kw: Any) -> None:
    if not raw:
        refresh(Scope(items=[instance.pk]))


def _quest(sender: Any, instance: Quest, raw: bool = False, **kw: Any) -> None:
    if not raw:
        refresh(Scope(quests=[instance.pk]))


def _quest_part(sender: Any, instance: Task | Reward, raw: bool = False, **kw: Any) -> None:
    if not raw:
        refresh(Scope(quests=[instance.quest_id]))


def _quest_part_deleted(sender: Any, instance: Task | Reward, **kw: Any) -> None:
    # After the commit: when the whole quest is being deleted, it is gone by
    # then and so is its document, and the refresh finds nothing to do.
    scope = Scope(quests=[instance.quest_id])
    transaction.on_commit(lambda: refresh(scope))


def _table_quests(instance: RewardTable | RewardTableEntry) -> Scope:
    table_id = instance.pk if isinstance(instance, RewardTable) else instance.table_id
    quests = Reward.objects.filter(table_id=table_id).values_list("quest_id", flat=True)
    return Scope(quests=list(quests))


def _table(sender: Any, instance: RewardTable | RewardTableEntry, raw: bool = False, **kw) -> None:
    if not raw:
        refresh(_table_quests(instance))


def _entry_deleted(sender: Any, instance: RewardTableEntry, **kw: Any) -> None:
    scope = _table_quests(instance)
    transaction.on_commit(lambda: refresh(scope))


def connect() -> None:
    """Called once from ``GameConfig.ready()``."""
    post_save.connect(_article, sender=KnowledgeArticle, dispatch_uid="search-article")
    post_save.connect(_item, sender=Item, dispatch_uid="search-item")
    post_save.connect(_quest, sender=Quest, dispatch_uid="search-quest")
    for model in (Task, Reward):
        post_save.connect(_quest_part, sender=model, dispatch_uid=f"search-{model.__name__}")
        post_delete.connect(
            _quest_part_deleted, sender=model, dispatch_uid=f"search-del-{model.__name__}"
        )
    for model in (RewardTable, RewardTableEntry):
        post_save.connect(_table, sender=model, dispatch_uid=f"search-{model.__name__}")
    post_delete.connect(_entry_deleted, sender=RewardTableEntry, dispatch_uid="search-del-entry")
