"""Quest lookups the tools need beyond ``agentweb.game.queries``: items by name, chapters."""

from __future__ import annotations

import re

from django.db.models import Prefetch, Q

from agentweb.game import queries
from agentweb.game.models import Chapter, Quest, Reward, RewardTableEntry, Task
from agentweb.game.search import names
from agentweb.game.text import clean_text, singular

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
    """Quests by id or title (see :func:`agentweb.game.queries.match_quests`), with
    tasks and rewards loaded; also returns how they matched."""
    found, how = queries.match_quests(text, limit=limit)
    return _reload(found), how


def _reload(quests: list[Quest]) -> list[Quest]:
    """The same quests, in the same order, with tasks and rewards prefetched."""
    by_pk = {
        q.pk: q for q in with_tasks_and_rewards(Quest.objects.filter(pk__in=[q.pk for q in quests]))
    }
    return [by_pk[q.pk] for q in quests if q.pk in by_pk]


def item_ids_for(name: str) -> list[str]:
    """Item ids a name stands for: an id as given, an imported item, or a name quests use.

    Modded items are not in the item table, but quest tasks and rewards carry
    their display names, so those are matched too: exactly first, then close
    names (typos, plurals, words left out or added).
    """
    name = clean_text(name)
    if not name:
        return []
    if ":" in name and " " not in name:
        return [name.lower()]
    item = queries.exact_item(name)
    if item is not None:
        return [item.item_id]
    named = _quest_item_names()
    key = names.normalize(name)
    one = singular(name)
    exact = [i for n, i in named if names.normalize(n) in (key, names.normalize(one or ""))]
    if exact:
        return list(dict.fromkeys(exact))[:MAX_ITEM_IDS]
    close = [item.item_id for item in queries.fuzzy_items(name, limit=MAX_ITEM_IDS)]
    close += [i for _, i in names.closest(name, named, limit=MAX_ITEM_IDS)]
    return list(dict.fromkeys(close))[:MAX_ITEM_IDS]


def _quest_item_names() -> list[tuple[str, str]]:
    """Every ``(display name, item id)`` that quest tasks, rewards and reward tables use."""
    pairs: set[tuple[str, str]] = set()
    for model in (Reward, RewardTableEntry, Task):
        rows = model.objects.exclude(item_id="").exclude(item_display_name="")
        pairs.update(rows.values_list("item_display_name", "item_id").distinct())
    return sorted(pairs)


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
    """A chapter by title (exact, then close), or by its number ("chapter 2")."""
    text = clean_text(text)
    chapters = Chapter.objects.select_related("group")
    exact = chapters.filter(title__iexact=text).first()
    if exact is not None:
        return exact
    number = re.fullmatch(r"(?:chapter\s*)?(\d+)", text, re.IGNORECASE)
    if number:
        by_number = chapters.filter(title__iregex=rf"^chapter {number.group(1)}([^0-9]|$)").first()
        if by_number is not None:
            return by_number
    close = names.closest(text, chapters.values_list("title", "pk"), limit=1)
    return chapters.filter(pk=close[0][1]).first() if close else None
