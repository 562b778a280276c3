"""Read-only lookups over the game world, for tools, views and commands.

Every function here runs a fixed, small number of queries (no N+1): results
come with the relations a caller needs already loaded. Items, quest titles and
sources are kept in memory until the game data changes
(:mod:`agentweb.game.versions`): a warm lookup reads only the data's version.
Names are matched exactly first (any case, id or display name); then by the database's
full-text search (:mod:`agentweb.game.search`); then, for names only, by
rapidfuzz (:mod:`agentweb.game.search.names`). An exact name always wins.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Case, IntegerField, Prefetch, Q, Value, When

from agentweb.game.models import (
    COOKING_KINDS,
    LOOT_KINDS,
    Item,
    ItemSource,
    ItemTag,
    KnowledgeArticle,
    PlayerProfile,
    Quest,
    QuestBook,
    QuestProgress,
    Reward,
    SourceKind,
    Task,
)
from agentweb.game.models.names import DEFAULT_LANGUAGE
from agentweb.game.models.search import DocumentKind
from agentweb.game.search import names, search
from agentweb.game.search.game_names import game_language, localized_names, names_matching
from agentweb.game.text import clean_text, full_item_id, prettify_id, singular
from agentweb.game.versions import Versioned, VersionedMap
from agentweb.lib.language import shared_ending

DEFAULT_LIMIT = 10
# Upper bound for any caller-supplied limit: keeps a tool observation small.
MAX_LIMIT = 50
# An item can have dozens of sources (sticks drop from every leaf block).
MAX_SOURCES = 60
# Show at most this many alternatives by name before "… or N others".
ALTERNATIVES_SHOWN = 2
# Longer text is not a name; it is cut before matching.
MAX_NAME_CHARS = 200
QUEST_ID = re.compile(r"[0-9A-Fa-f]{16}")


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
    index = _ITEMS.get()
    found += [
        _copy(index.by_pk[h.target_id])
        for h in hits
        if h.target_id in index.by_pk and h.target_id != _pk(exact)
    ]
    if len(found) < limit:
        # Names in every language (Chinese has no words for the full-text search).
        seen = {item.pk for item in found}
        for match in names_matching(text, kinds=["item"], limit=limit):
            item = index.by_item_id.get(match.key)
            if item is not None and item.pk not in seen:
                seen.add(item.pk)
                found.append(_copy(item))
    if not found:
        found = fuzzy_items(text, limit=limit)
    return found[:limit]


def _pk(item: Item | None) -> int | None:
    return item.pk if item is not None else None


@dataclass(frozen=True)
class _ItemIndex:
    """Every item, by primary key and by each name it answers to (lower case)."""

    by_pk: dict[int, Item]
    by_name: dict[str, list[int]]
    by_item_id: dict[str, Item]
    display_names: names.NameIndex[int]
    # The last word of display names of several words ("bed": White Bed, Red Bed, …).
    by_head: dict[str, list[int]]


def _index_items() -> _ItemIndex:
    items = list(Item.objects.order_by("display_name", "pk"))
    by_name: dict[str, list[int]] = {}
    by_head: dict[str, list[int]] = {}
    for item in items:
        words = item.display_name.lower().split()
        if len(words) > 1:
            by_head.setdefault(words[-1], []).append(item.pk)
        keys = (item.item_id.lower(), item.name.lower(), item.display_name.lower())
        for key in dict.fromkeys(keys):
            by_name.setdefault(key, []).append(item.pk)
    return _ItemIndex(
        by_pk={item.pk: item for item in items},
        by_name=by_name,
        by_item_id={item.item_id: item for item in items},
        display_names=names.NameIndex((item.display_name, item.pk) for item in items),
        by_head=by_head,
    )


# Items change only with an import or an admin edit: kept until the data version moves.
_ITEMS = Versioned(_index_items)


def _copy(item: Item) -> Item:
    """A caller's own instance: the indexed ones are shared."""
    return copy.copy(item)


def fuzzy_items(text: str, *, limit: int = DEFAULT_LIMIT) -> list[Item]:
    """Items whose display name is close to ``text`` (typos, words left out or added)."""
    index = _ITEMS.get()
    pks = [pk for _, pk in names.closest(text, index.display_names, limit=_limit(limit))]
    return [_copy(index.by_pk[pk]) for pk in pks if pk in index.by_pk]


# A kind is named by the last word of at least this many items' names.
MIN_KIND_ITEMS = 2


def items_of_kind(text: str) -> list[Item]:
    """The items a one-word kind names: every item whose name ends in that word ("bed" is
    White Bed, Red Bed and the other beds; "beds" too); ``[]`` when fewer than
    :data:`MIN_KIND_ITEMS` do, or ``text`` is more than a word."""
    word = clean_text(text).lower()
    if not word or " " in word:
        return []
    index = _ITEMS.get()
    for key in dict.fromkeys((word, (singular(word) or word).lower())):
        pks = index.by_head.get(key, [])
        if len(pks) >= MIN_KIND_ITEMS:
            return [_copy(index.by_pk[pk]) for pk in pks]
    return []


def tag_members(tag: str) -> tuple[str, list[Item], int] | None:
    """The items of an item tag (``#c:gears`` or ``c:gears``; nested tags already followed
    by the import): its id, the members the item data has, and how many members it lists;
    ``None`` when the data has no such tag."""
    tag_id = clean_text(tag).lstrip("#").strip().lower()
    found = ItemTag.objects.filter(tag_id=tag_id).values_list("items", flat=True).first()
    if found is None:
        return None
    by_item_id = _ITEMS.get().by_item_id
    members = [_copy(by_item_id[i]) for i in found if i in by_item_id]
    return tag_id, members, len(found)


def exact_item(text: str) -> Item | None:
    """The item with exactly this id, name or display name, also in the plural."""
    item = get_item(text)
    if item is None:
        one = singular(text)
        item = get_item(one) if one else None
    return item


def get_item(identifier: str) -> Item | None:
    """The one item with this full id, bare name or display name (case-insensitive);
    when several answer to it, the first by display name."""
    text = clean_text(identifier)[:MAX_NAME_CHARS]
    if not text:
        return None
    name = text.split(":", 1)[-1].replace(" ", "_")
    index = _ITEMS.get()
    keys = (full_item_id(text.replace(" ", "_")).lower(), name.lower(), text.lower())
    if ":" in text and " " not in text:
        keys = (text.lower(),)  # an id names one namespace: mixer:andesite is not andesite
    pks = {pk for key in keys for pk in index.by_name.get(key, ())}
    if not pks:
        # The item's name in any language the data has (安山合金, Andesitlegierung).
        named = names_matching(text, kinds=["item"], exact=True, limit=MAX_LIMIT)
        pks = {index.by_item_id[m.key].pk for m in named if m.key in index.by_item_id}
    if not pks:
        return None
    first = min((index.by_pk[pk] for pk in pks), key=lambda item: (item.display_name, item.pk))
    return _copy(first)


def item_sources(
    item: Item | str,
    *,
    kinds: Iterable[SourceKind | str] | None = None,
    limit: int = MAX_SOURCES,
) -> list[ItemSource]:
    """How to obtain ``item`` (an Item, full id or name): crafting first, then
    cooking, block drops, mob drops; likelier drops first within a kind.
    The sources are shared with later calls: read them, never change them."""
    if isinstance(item, str):
        found = get_item(item)
        if found is None:
            return []
        item = found
    wanted = tuple(sorted({str(kind) for kind in kinds})) if kinds is not None else None
    sources = _SOURCES.get((item.pk, wanted)) or []
    return sources[: max(1, min(limit, MAX_SOURCES))]


def _load_sources(keys: list[tuple[int, tuple[str, ...] | None]]) -> dict:
    order = Case(
        *(When(kind=kind.value, then=Value(i)) for i, kind in enumerate(SourceKind)),
        output_field=IntegerField(),
    )
    loaded = {}
    for item_pk, kinds in keys:
        qs = ItemSource.objects.filter(item_id=item_pk).select_related("item", "input_item")
        if kinds is not None:
            qs = qs.filter(kind__in=kinds)
        qs = qs.order_by(order, "-chance", "source_display_name", "id")
        loaded[(item_pk, kinds)] = list(qs[:MAX_SOURCES])
    return loaded


def cooking_uses(item: Item) -> list[ItemSource]:
    """Cooking sources that take ``item`` as input (what it cooks into, and where);
    shared with later calls, like :func:`item_sources`."""
    return list(_COOKING.get(item.pk) or [])


def _load_cooking(item_pks: list[int]) -> dict[int, list[ItemSource]]:
    kinds = [str(k) for k in COOKING_KINDS]
    qs = ItemSource.objects.filter(input_item__in=item_pks, kind__in=kinds)
    loaded: dict[int, list[ItemSource]] = {pk: [] for pk in item_pks}
    for source in qs.select_related("item").order_by("item__display_name", "kind", "id"):
        if len(loaded[source.input_item_id]) < MAX_SOURCES:
            loaded[source.input_item_id].append(source)
    return loaded


# Recipes read for one item's uses: a common ingredient (planks, iron) is in hundreds.
MAX_USES = 400


def item_uses(item: Item) -> list[ItemSource]:
    """The recipes that take ``item`` as an ingredient (crafting, cooking, a station's or a
    mod's recipe; a tag slot it fills too), the made item's name first; at most
    :data:`MAX_USES`. Loot is no use of an item."""
    needle = f'"{item.item_id}"'
    recipes = [str(k) for k in SourceKind if k not in LOOT_KINDS]
    rows = (
        ItemSource.objects.filter(kind__in=recipes)
        .filter(Q(ingredients__icontains=needle) | Q(input_item=item))
        .select_related("item")
        .order_by("item__display_name", "kind", "id")
    )
    # The text search may match an id inside another's ("minecraft:stick" in a longer
    # one it is not): only the rows whose ingredients hold the id itself.
    return [
        row
        for row in rows[:MAX_USES]
        if row.input_item_id == item.pk or item.item_id in row.ingredient_ids()
    ]


_SOURCES: VersionedMap[tuple[int, tuple[str, ...] | None], list[ItemSource]] = VersionedMap(
    _load_sources
)
_COOKING: VersionedMap[int, list[ItemSource]] = VersionedMap(_load_cooking)


def display_names(item_ids: Iterable[str], *, language: str | None = None) -> dict[str, str]:
    """Display names for item ids — in ``language`` (a game or page code) when the name
    index has it, else the stored (English) name; unknown ids are prettified."""
    by_item_id = _ITEMS.get().by_item_id
    wanted = set(item_ids)
    names = {
        item_id: (by_item_id[item_id].display_name if item_id in by_item_id else "")
        or prettify_id(item_id)
        for item_id in wanted
    }
    if language and game_language(language) != DEFAULT_LANGUAGE and wanted:
        names.update(localized_names("item", wanted, language))
    return names


def alternatives_label(item_ids: list[str], names: dict[str, str]) -> str:
    """How a recipe card names one slot: ``Stick``, ``any Planks``, ``Coal or Charcoal``."""
    labels = [names.get(item_id) or prettify_id(item_id) for item_id in item_ids]
    if len(labels) == 1:
        return labels[0]
    ending = shared_ending(labels)
    if ending:
        return f"any {ending}"
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
    pks, how = match_quest_pks(query, book=book, limit=limit)
    by_pk = Quest.objects.select_related("chapter", "book").in_bulk(pks)
    return [by_pk[pk] for pk in pks if pk in by_pk], how


def match_quest_pks(
    query: str, *, book: str | None = None, limit: int = DEFAULT_LIMIT
) -> tuple[list[int], str]:
    """:func:`match_quests` as primary keys, best first: titles are matched in memory
    (kept until the game data changes), an id or the quests' texts in the database."""
    text = clean_text(query)[:MAX_NAME_CHARS]
    if not text:
        return [], "none"
    limit = _limit(limit)
    if QUEST_ID.fullmatch(text):
        qs = Quest.objects.filter(quest_id=text.upper().zfill(16))
        if book:
            qs = qs.filter(book__slug=book)
        by_id = list(qs.order_by("pk").values_list("pk", flat=True)[:limit])
        if by_id:
            return by_id, "id"
    titles = _TITLES.get(book)
    if titles is None:
        return [], "none"
    key = names.quest_title_key(text)
    exact = titles.by_key.get(key, []) or _titled_in_any_language(text, titles.book_pk)
    # Close titles follow the exact ones, never before them (none needed past the limit).
    close = []
    if len(exact) < limit:
        close = [pk for _, pk in names.closest(key, titles.names, limit=limit) if pk not in exact]
    found = exact + close
    if not found:
        return _quests_by_text(text, limit, titles.book_pk)
    return found[:limit], "title" if exact else "fuzzy"


@dataclass(frozen=True)
class _QuestTitles:
    """The quest titles of one book (or of all), for matching names in memory."""

    book_pk: int | None
    # Title keys (:func:`names.quest_title_key`) → quests, in chapter and quest order.
    by_key: dict[str, list[int]]
    names: names.NameIndex[int]


def _index_titles(books: list[str | None]) -> dict[str | None, _QuestTitles]:
    loaded: dict[str | None, _QuestTitles] = {}
    for book in books:
        qs = Quest.objects.all()
        book_pk = None
        if book:
            book_pk = QuestBook.objects.filter(slug=book).values_list("pk", flat=True).first()
            if book_pk is None:
                continue
            qs = qs.filter(book_id=book_pk)
        rows = list(qs.order_by("chapter__order", "order", "pk").values_list("title", "pk"))
        by_key: dict[str, list[int]] = {}
        for title, pk in rows:
            by_key.setdefault(names.quest_title_key(title), []).append(pk)
        loaded[book] = _QuestTitles(book_pk, by_key, names.NameIndex(rows))
    return loaded


_TITLES: VersionedMap[str | None, _QuestTitles] = VersionedMap(_index_titles)


def _titled_in_any_language(text: str, book: int | None) -> list[int]:
    """Quests whose title in some language of their book is exactly ``text`` (徒手撸树)."""
    named = names_matching(text, kinds=["quest"], exact=True, limit=MAX_LIMIT)
    pairs = [m.key.split("/", 1) for m in named if "/" in m.key]
    if not pairs:
        return []
    found = Q()
    for slug, quest_id in pairs:
        found |= Q(book__slug=slug, quest_id=quest_id)
    qs = Quest.objects.filter(found)
    if book is not None:
        qs = qs.filter(book_id=book)
    return list(qs.order_by("chapter__order", "order", "pk").values_list("pk", flat=True))


def _quests_by_text(text: str, limit: int, book: int | None) -> tuple[list[int], str]:
    """No title is close: quests whose texts (subtitle, description, task and reward
    item names) contain every word of ``text`` — never one that shares only some."""
    hits = search(text, [DocumentKind.QUEST], limit=limit, book=book, every_term=True)
    found = list(dict.fromkeys(hit.target_id for hit in hits))
    return (found, "text") if found else ([], "none")


def quest_detail(quest_id: str, *, book: str | None = None) -> QuestDetail | None:
    """A quest by its 16-hex id, with tasks, rewards (and their reward tables'
    entries), the quests it depends on and the quests that depend on it: four statements
    (the quest, its tasks, its rewards, its links both ways), five with reward tables."""
    qs = Quest.objects.select_related("chapter", "chapter__group", "book").prefetch_related(
        "tasks",
        Prefetch(
            "rewards",
            queryset=Reward.objects.select_related("table").prefetch_related("table__entries"),
        ),
    )
    qs = qs.filter(quest_id=quest_id.strip().upper())
    if book:
        qs = qs.filter(book__slug=book)
    quest = qs.order_by("book__slug").first()
    if quest is None:
        return None
    dependencies, dependents = _linked_quests(quest)
    return QuestDetail(
        quest=quest,
        tasks=list(quest.tasks.all()),
        rewards=list(quest.rewards.all()),
        dependencies=dependencies,
        dependents=dependents,
    )


def _linked_quests(quest: Quest) -> tuple[list[Quest], list[Quest]]:
    """The quests ``quest`` depends on and those that depend on it (chapter and book
    loaded, in book order), read in one statement over the links both ways."""
    links = Quest.dependencies.through.objects.filter(
        Q(from_quest_id=quest.pk) | Q(to_quest_id=quest.pk)
    ).select_related(
        "from_quest__chapter", "from_quest__book", "to_quest__chapter", "to_quest__book"
    )
    dependencies: dict[int, Quest] = {}
    dependents: dict[int, Quest] = {}
    for link in links:
        if link.from_quest_id == quest.pk:
            dependencies[link.to_quest_id] = link.to_quest
        if link.to_quest_id == quest.pk:
            dependents[link.from_quest_id] = link.from_quest

    def in_book_order(found: dict[int, Quest]) -> list[Quest]:
        return sorted(found.values(), key=lambda q: (q.chapter.order, q.order, q.pk))

    return in_book_order(dependencies), in_book_order(dependents)


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
    when the query is only stop words or mostly words no article has
    (the relevance floor of :mod:`agentweb.game.search`, ``partial``)."""
    hits = search(query, [DocumentKind.ARTICLE], limit=_limit(limit), partial=True)
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
