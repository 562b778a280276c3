"""Read-only lookups over the game world, for tools, views and commands.

Every function here runs a fixed, small number of queries (no N+1): results
come with the relations a caller needs already loaded. Names are matched
exactly first (any case, id or display name); then by the database's
full-text search (:mod:`agentweb.game.search`); then, for names only, by
rapidfuzz (:mod:`agentweb.game.search.names`). An exact name always wins.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Case, IntegerField, Prefetch, Q, Value, When

from agentweb.game.models import (
    COOKING_KINDS,
    Item,
    ItemSource,
    KnowledgeArticle,
    PlayerProfile,
    Quest,
    QuestBook,
    QuestProgress,
    Reward,
    SourceKind,
    Task,
)
from agentweb.game.models.search import DocumentKind
from agentweb.game.search import names, search
from agentweb.game.text import clean_text, full_item_id, prettify_id, singular

DEFAULT_LIMIT = 10
# Upper bound for any caller-supplied limit: keeps a tool observation small.
MAX_LIMIT = 50
# An item can have dozens of sources (sticks drop from every leaf block).
MAX_SOURCES = 60
# Show at most this many alternatives by name before "… or N others".
ALTERNATIVES_SHOWN = 2
# Longer text is not a name; it is cut before matching.
MAX_NAME_CHARS = 200
QUEST_ID = re.compile(r"^[0-9A-Fa-f]{16}$")


def _limit(limit: int) -> int:
    return max(1, min(limit, MAX_LIMIT))


# --- items ------------------------------------------------------------------


def find_items(query: str, *, limit: int = DEFAULT_LIMIT) -> list[Item]:
    """Items named by ``query``, best first: the exact item (``"iron ingot"``,
    ``"iron_ingot"``, ``"minecraft:iron_ingot"``, ``"Iron Ingots"``), then items
    whose names contain its words (full-text, word prefixes), then close names
    (typos). An id with a namespace matches only exactly."""
    text = clean_text(query)[:MAX_NAME_CHARS]
    if not text:
        return []
    limit = _limit(limit)
    exact = exact_item(text)
    found = [exact] if exact else []
    if ":" in text and " " not in text:
        return found
    hits = search(text, [DocumentKind.ITEM], limit=limit + 1, prefix=True, every_term=True)
    by_pk = Item.objects.in_bulk([hit.target_id for hit in hits])
    found += [
        by_pk[h.target_id] for h in hits if h.target_id in by_pk and h.target_id != _pk(exact)
    ]
    if not found:
        found = fuzzy_items(text, limit=limit)
    return found[:limit]


def _pk(item: Item | None) -> int | None:
    return item.pk if item is not None else None


def fuzzy_items(text: str, *, limit: int = DEFAULT_LIMIT) -> list[Item]:
    """Items whose display name is close to ``text`` (typos, words left out or added)."""
    rows = Item.objects.values_list("display_name", "pk")
    pks = [pk for _, pk in names.closest(text, rows, limit=_limit(limit))]
    by_pk = Item.objects.in_bulk(pks)
    return [by_pk[pk] for pk in pks if pk in by_pk]


def exact_item(text: str) -> Item | None:
    """The item with exactly this id, name or display name, also in the plural."""
    item = get_item(text)
    if item is None:
        one = singular(text)
        item = get_item(one) if one else None
    return item


def get_item(identifier: str) -> Item | None:
    """The one item with this full id, bare name or display name (case-insensitive)."""
    text = clean_text(identifier)[:MAX_NAME_CHARS]
    if not text:
        return None
    name = text.split(":", 1)[-1].replace(" ", "_")
    match = Q(item_id__iexact=full_item_id(text.replace(" ", "_"))) | Q(name__iexact=name)
    return Item.objects.filter(match | Q(display_name__iexact=text)).first()


def item_sources(
    item: Item | str,
    *,
    kinds: Iterable[SourceKind | str] | None = None,
    limit: int = MAX_SOURCES,
) -> list[ItemSource]:
    """How to obtain ``item`` (an Item, full id or name): crafting first, then
    cooking, block drops, mob drops; likelier drops first within a kind."""
    if isinstance(item, str):
        found = get_item(item)
        if found is None:
            return []
        item = found
    qs = ItemSource.objects.filter(item=item).select_related("item", "input_item")
    if kinds is not None:
        qs = qs.filter(kind__in=[str(kind) for kind in kinds])
    order = Case(
        *(When(kind=kind.value, then=Value(i)) for i, kind in enumerate(SourceKind)),
        output_field=IntegerField(),
    )
    qs = qs.order_by(order, "-chance", "source_display_name", "id")
    return list(qs[: max(1, min(limit, MAX_SOURCES))])


def cooking_uses(item: Item) -> list[ItemSource]:
    """Cooking sources that take ``item`` as input (what it cooks into, and where)."""
    qs = ItemSource.objects.filter(input_item=item, kind__in=[str(k) for k in COOKING_KINDS])
    return list(qs.select_related("item").order_by("item__display_name", "kind")[:MAX_SOURCES])


def display_names(item_ids: Iterable[str]) -> dict[str, str]:
    """Display names for item ids in one query; unknown (modded) ids are prettified."""
    wanted = set(item_ids)
    names = dict(Item.objects.filter(item_id__in=wanted).values_list("item_id", "display_name"))
    return {item_id: names.get(item_id) or prettify_id(item_id) for item_id in wanted}


def alternatives_label(item_ids: list[str], names: dict[str, str]) -> str:
    """How a recipe card names one slot: ``Stick``, ``any Planks``, ``Coal or Charcoal``."""
    labels = [names.get(item_id) or prettify_id(item_id) for item_id in item_ids]
    if len(labels) == 1:
        return labels[0]
    last_words = {label.split()[-1] for label in labels if label}
    if len(last_words) == 1:
        return f"any {last_words.pop()}"
    if len(labels) <= ALTERNATIVES_SHOWN:
        return " or ".join(labels)
    return f"{labels[0]} or {len(labels) - 1} others"


# --- quests -----------------------------------------------------------------


@dataclass(frozen=True)
class QuestDetail:
    """A quest with everything a quest card shows, loaded in a few queries."""

    quest: Quest
    tasks: list[Task]
    rewards: list[Reward]
    dependencies: list[Quest]
    dependents: list[Quest]


def find_quests(query: str, *, book: str | None = None, limit: int = DEFAULT_LIMIT) -> list[Quest]:
    """Quests named by ``query`` (see :func:`match_quests`)."""
    return match_quests(query, book=book, limit=limit)[0]


def match_quests(
    query: str, *, book: str | None = None, limit: int = DEFAULT_LIMIT
) -> tuple[list[Quest], str]:
    """Quests named by ``query`` and how they matched: ``id`` (a 16-hex id),
    ``title`` (quests with exactly that title — with or without "the … quest";
    titles repeat across chapters — come first, close titles after them),
    ``fuzzy`` (only close titles: typos, words left out or added), ``text``
    (no title is close; quests whose texts contain every word) or ``none``.
    Each quest has ``chapter`` and ``book`` loaded."""
    text = clean_text(query)[:MAX_NAME_CHARS]
    qs = Quest.objects.select_related("chapter", "book")
    if book:
        qs = qs.filter(book__slug=book)
    if not text:
        return [], "none"
    limit = _limit(limit)
    if QUEST_ID.match(text):
        by_id = list(qs.filter(quest_id=text.upper().zfill(16))[:limit])
        if by_id:
            return by_id, "id"
    key = names.quest_title_key(text)
    titles = list(qs.values_list("title", "pk"))
    exact = [pk for title, pk in titles if names.quest_title_key(title) == key]
    by_pk = qs.in_bulk(exact)
    found = sorted(by_pk.values(), key=lambda q: (q.chapter.order, q.order))
    # Close titles follow the exact ones, never before them.
    close = [pk for _, pk in names.closest(key, titles, limit=limit) if pk not in by_pk]
    others = qs.in_bulk(close)
    found += [others[pk] for pk in close if pk in others]
    if not found:
        book_id = QuestBook.objects.filter(slug=book).values_list("pk", flat=True).first()
        return _quests_by_text(qs, text, limit, book_id if book else None)
    return found[:limit], "title" if exact else "fuzzy"


def _quests_by_text(qs, text: str, limit: int, book: int | None) -> tuple[list[Quest], str]:
    """No title is close: quests whose texts (subtitle, description, task and reward
    item names) contain every word of ``text`` — never one that shares only some."""
    hits = search(text, [DocumentKind.QUEST], limit=limit, book=book, every_term=True)
    by_pk = qs.in_bulk([hit.target_id for hit in hits])
    found = [by_pk[h.target_id] for h in hits if h.target_id in by_pk]
    return (found, "text") if found else ([], "none")


def quest_detail(quest_id: str, *, book: str | None = None) -> QuestDetail | None:
    """A quest by its 16-hex id, with tasks, rewards (and their reward tables'
    entries), the quests it depends on and the quests that depend on it."""
    related = Quest.objects.select_related("chapter", "book").order_by("chapter__order", "order")
    qs = Quest.objects.select_related("chapter", "chapter__group", "book").prefetch_related(
        "tasks",
        Prefetch(
            "rewards",
            queryset=Reward.objects.select_related("table").prefetch_related("table__entries"),
        ),
        Prefetch("dependencies", queryset=related),
        Prefetch("dependents", queryset=related),
    )
    qs = qs.filter(quest_id=quest_id.strip().upper())
    if book:
        qs = qs.filter(book__slug=book)
    quest = qs.order_by("book__slug").first()
    if quest is None:
        return None
    return QuestDetail(
        quest=quest,
        tasks=list(quest.tasks.all()),
        rewards=list(quest.rewards.all()),
        dependencies=list(quest.dependencies.all()),
        dependents=list(quest.dependents.all()),
    )


def quests_rewarding_item(item_id: str, *, limit: int = DEFAULT_LIMIT) -> list[Reward]:
    """Rewards that give ``item_id`` directly or through their reward table;
    each has ``quest``, ``quest.chapter`` and ``table`` loaded."""
    item_id = full_item_id(item_id.strip())
    qs = (
        Reward.objects.filter(Q(item_id=item_id) | Q(table__entries__item_id=item_id))
        .select_related("quest", "quest__chapter", "quest__book", "table")
        .distinct()
        .order_by("quest__chapter__order", "quest__order", "order")
    )
    return list(qs[: _limit(limit)])


def quests_requiring_item(item_id: str, *, limit: int = DEFAULT_LIMIT) -> list[Task]:
    """Item tasks that ask for ``item_id``; each has ``quest`` and ``quest.chapter`` loaded."""
    qs = (
        Task.objects.filter(item_id=full_item_id(item_id.strip()))
        .select_related("quest", "quest__chapter", "quest__book")
        .order_by("quest__chapter__order", "quest__order", "order")
    )
    return list(qs[: _limit(limit)])


# --- knowledge base ---------------------------------------------------------


def search_knowledge(query: str, *, limit: int = 5) -> list[KnowledgeArticle]:
    """Articles about ``query``, ranked by the database's full-text search; nothing
    when the query is only stop words or names something no article has
    (the relevance floor of :mod:`agentweb.game.search`)."""
    hits = search(query, [DocumentKind.ARTICLE], limit=_limit(limit))
    by_pk = KnowledgeArticle.objects.select_related("quest").in_bulk([h.target_id for h in hits])
    return [by_pk[h.target_id] for h in hits if h.target_id in by_pk]


# --- players ----------------------------------------------------------------


def player_profile(user: AbstractBaseUser | AnonymousUser) -> PlayerProfile | None:
    """The game profile of a signed-in user, or ``None``."""
    if not user.is_authenticated:
        return None
    return PlayerProfile.objects.filter(user_id=user.pk).first()


def quest_progress(profile: PlayerProfile, *, status: str | None = None) -> list[QuestProgress]:
    """A player's quest progress, most recent first, with quest and chapter loaded."""
    qs = profile.progress.select_related("quest", "quest__chapter", "quest__book")
    if status:
        qs = qs.filter(status=status)
    return list(qs.order_by("-updated", "quest__title"))
