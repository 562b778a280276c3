"""Quest lookups the tools need beyond ``agentweb.game.queries``: items by name, chapters."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.db.models import Prefetch

from agentweb.game import queries
from agentweb.game.mentions import quest_pks
from agentweb.game.models import Quest, Reward, RewardTableEntry, Task
from agentweb.game.search import names
from agentweb.game.text import clean_text, singular
from agentweb.game.versions import Versioned, VersionedMap

# Item ids a name may stand for ("Andesite" is an item and a block variant…).
MAX_ITEM_IDS = 5
# Items one kind stands for ("bed": the beds of every colour).
MAX_KIND_IDS = 32
QUEST_ID = re.compile(r"[0-9A-Fa-f]{1,16}")


def normalize_quest_id(text: str) -> str | None:
    """``"8d0dd2294d591db"`` → ``"08D0DD2294D591DB"``; ``None`` if it is not an id."""
    text = text.strip()
    return text.upper().zfill(16) if QUEST_ID.fullmatch(text) else None


def with_tasks_and_rewards(qs):
    return qs.select_related("chapter", "book").prefetch_related(
        "tasks", Prefetch("rewards", queryset=Reward.objects.select_related("table"))
    )


def find_quests(text: str, limit: int) -> tuple[list[Quest], str]:
    """Quests by id or title (see :func:`agentweb.game.queries.match_quests`), with
    chapter, book, tasks and rewards loaded; also returns how they matched.

    The quests are kept until the game data changes and shared by every call:
    read them, never change them."""
    pks, how = _by_name(text)
    if not pks:
        pks, how = queries.match_quest_pks(text, limit=limit)
    by_pk = _QUESTS.get_many(pks)
    return [by_pk[pk] for pk in pks if pk in by_pk], how


def _by_name(text: str) -> tuple[list[int], str]:
    """Quests whose title in any imported language is ``text`` ("title"), or it misspelled
    ("fuzzy"); read from the name index in memory."""
    pks, exact = quest_pks(text)
    if not pks:
        return [], "none"
    return pks, "title" if exact else "fuzzy"


def _load_quests(pks: list[int]) -> dict[int, Quest]:
    # Relations prefetched and selected now: a reader of a shared quest loads nothing.
    return {q.pk: q for q in with_tasks_and_rewards(Quest.objects.filter(pk__in=pks))}


_QUESTS: VersionedMap[int, Quest] = VersionedMap(_load_quests)


def item_ids_for(name: str) -> list[str]:
    """Item ids a name stands for: an id as given, an imported item, or a name quests use.

    Modded items are not in the item table, but quest tasks and rewards carry
    their display names, so those are matched too: exactly first, then a kind named
    by the last word of several items' names ("bed", "beds": every bed), then close
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
    named = _QUEST_ITEMS.get()
    one = singular(name)
    keys = {names.normalize(name), names.normalize(one or "")}
    exact = sorted({pair for key in keys for pair in named.by_name.get(key, ())})
    if exact:
        return list(dict.fromkeys(item_id for _, item_id in exact))[:MAX_ITEM_IDS]
    kind = queries.items_of_kind(name)
    if kind:
        return [item.item_id for item in kind][:MAX_KIND_IDS]
    close = [item.item_id for item in queries.fuzzy_items(name, limit=MAX_ITEM_IDS)]
    close += [i for _, i in names.closest(name, named.names, limit=MAX_ITEM_IDS)]
    return list(dict.fromkeys(close))[:MAX_ITEM_IDS]


@dataclass(frozen=True)
class _QuestItems:
    """Every ``(display name, item id)`` that quest tasks, rewards and reward tables use."""

    names: names.NameIndex[str]
    # Normalised display names → their ``(display name, item id)`` pairs.
    by_name: dict[str, list[tuple[str, str]]]


def _quest_item_names() -> _QuestItems:
    pairs: set[tuple[str, str]] = set()
    for model in (Reward, RewardTableEntry, Task):
        rows = model.objects.exclude(item_id="").exclude(item_display_name="")
        pairs.update(rows.values_list("item_display_name", "item_id").distinct())
    ordered = sorted(pairs)
    by_name: dict[str, list[tuple[str, str]]] = {}
    for pair in ordered:
        by_name.setdefault(names.normalize(pair[0]), []).append(pair)
    return _QuestItems(names.NameIndex(ordered), by_name)


_QUEST_ITEMS = Versioned(_quest_item_names)
