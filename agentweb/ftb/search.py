"""Quest lookups the tools need beyond ``agentweb.game.queries``: fuzzy titles, items by name."""

from __future__ import annotations

import difflib
import re

from django.db.models import Prefetch, Q

from agentweb.game import queries
from agentweb.game.models import Chapter, Quest, Reward, RewardTableEntry, Task
from agentweb.game.text import words_of
from agentweb.game.tools.common import singular

# How close a title must be for a typo-tolerant match (difflib ratio).
FUZZY_CUTOFF = 0.6
# Titles compared for typo tolerance; more than any real quest book has.
FUZZY_CANDIDATES = 5000
# Item ids a name may stand for ("Andesite" is an item and a block variant…).
MAX_ITEM_IDS = 5
QUEST_ID = re.compile(r"^[0-9A-Fa-f]{1,16}$")


def normalize_quest_id(text: str) -> str | None:
    """``"8d0dd2294d591db"`` → ``"08D0DD2294D591DB"``; ``None`` if it is not an id."""
    text = text.strip()
    return text.upper().zfill(16) if QUEST_ID.match(text) else None


def with_tasks_and_rewards(qs):
    return qs.select_related("chapter", "book").prefetch_related(
        "tasks", Prefetch("rewards", queryset=Reward.objects.select_related("table"))
    )


def find_quests(text: str, limit: int) -> tuple[list[Quest], str]:
    """Quests by title: exact/prefix/substring first, then all words, then typo-tolerant.

    Returns the quests and how they matched (``title``, ``words``, ``fuzzy``, ``none``).
    """
    found = queries.find_quests(text, limit=limit)
    if found:
        return _reload(found), "title"
    words = [w for w in words_of(text) if w not in queries.STOP_WORDS and w != "quest"]
    if words:
        match = Q()
        for word in words:
            match &= Q(title__icontains=word)
        found = list(Quest.objects.filter(match).order_by("chapter__order", "order")[:limit])
        if found:
            return _reload(found), "words"
    titles = list(Quest.objects.values_list("title", flat=True)[:FUZZY_CANDIDATES])
    lowered = {t.lower(): t for t in titles}
    close = difflib.get_close_matches(text.lower(), list(lowered), n=limit, cutoff=FUZZY_CUTOFF)
    if not close:
        return [], "none"
    chosen = [lowered[c] for c in close]
    found = list(Quest.objects.filter(title__in=chosen)[:limit])
    found.sort(key=lambda q: chosen.index(q.title))
    return _reload(found), "fuzzy"


def _reload(quests: list[Quest]) -> list[Quest]:
    """The same quests, in the same order, with tasks and rewards prefetched."""
    by_pk = {
        q.pk: q for q in with_tasks_and_rewards(Quest.objects.filter(pk__in=[q.pk for q in quests]))
    }
    return [by_pk[q.pk] for q in quests if q.pk in by_pk]


def item_ids_for(name: str) -> list[str]:
    """Item ids a name stands for: an id as given, an imported item, or a name quests use.

    Modded items are not in the item table, but quest tasks and rewards carry
    their display names, so those are searched too.
    """
    name = name.strip()
    if ":" in name and " " not in name:
        return [name.lower()]
    one = singular(name)
    item = queries.get_item(name) or (queries.get_item(one) if one else None)
    if item is not None:
        return [item.item_id]
    ids = _ids_named(name)
    if not ids and one:
        ids = _ids_named(one)
    return ids[:MAX_ITEM_IDS]


def _ids_named(name: str) -> list[str]:
    ids: list[str] = []
    for exact in (True, False):
        lookup = "item_display_name__iexact" if exact else "item_display_name__icontains"
        for model in (Reward, RewardTableEntry, Task):
            rows = model.objects.filter(**{lookup: name}).exclude(item_id="")
            ids += [i for i in rows.values_list("item_id", flat=True).distinct() if i not in ids]
        if ids:
            break
    return ids


def rewards_giving(item_ids: list[str], limit: int) -> list[Reward]:
    """Rewards that give one of ``item_ids`` directly or through their reward table."""
    qs = (
        Reward.objects.filter(Q(item_id__in=item_ids) | Q(table__entries__item_id__in=item_ids))
        .select_related("quest", "quest__chapter", "table")
        .distinct()
        .order_by("quest__chapter__order", "quest__order", "order")
    )
    return list(qs[:limit])


def tasks_asking_for(item_ids: list[str], limit: int) -> list[Task]:
    qs = (
        Task.objects.filter(item_id__in=item_ids)
        .select_related("quest", "quest__chapter")
        .order_by("quest__chapter__order", "quest__order", "order")
    )
    return list(qs[:limit])


def find_chapter(text: str) -> Chapter | None:
    """A chapter by title (exact, then partial) or by its number ("chapter 2")."""
    text = text.strip()
    chapters = Chapter.objects.all()
    exact = chapters.filter(title__iexact=text).first()
    if exact is not None:
        return exact
    number = re.fullmatch(r"(?:chapter\s*)?(\d+)", text, re.IGNORECASE)
    if number:
        by_number = chapters.filter(title__iregex=rf"^chapter {number.group(1)}([^0-9]|$)").first()
        if by_number is not None:
            return by_number
    return chapters.filter(title__icontains=text).first()
