"""Read-only lookups over the game world, for tools, views and commands.

Every function here runs a fixed, small number of queries (no N+1): results
come with the relations a caller needs already loaded. Searches are case
insensitive and rank exact matches first, then prefixes, then substrings.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Case, IntegerField, Prefetch, Q, QuerySet, Value, When
from django.db.models.functions import Length

from agentweb.game.models import (
    Item,
    ItemSource,
    KnowledgeArticle,
    PlayerProfile,
    Quest,
    QuestProgress,
    Reward,
    SourceKind,
    Task,
)
from agentweb.game.text import STOP_WORDS, full_item_id, prettify_id, words_of

DEFAULT_LIMIT = 10
# Upper bound for any caller-supplied limit: keeps a tool observation small.
MAX_LIMIT = 50
# An item can have dozens of sources (sticks drop from every leaf block).
MAX_SOURCES = 60
# Show at most this many alternatives by name before "… or N others".
ALTERNATIVES_SHOWN = 2


def _limit(limit: int) -> int:
    return max(1, min(limit, MAX_LIMIT))


def _ranked(qs: QuerySet, query: str, fields: dict[str, str]) -> QuerySet:
    """Filter ``qs`` to rows containing the query and rank exact → prefix → contains.

    ``fields`` maps a field name to the form of the query to compare it with.
    """
    exact, prefix, contains = Q(), Q(), Q()
    for field, value in fields.items():
        exact |= Q(**{f"{field}__iexact": value})
        prefix |= Q(**{f"{field}__istartswith": value})
        contains |= Q(**{f"{field}__icontains": value})
    rank = Case(
        When(exact, then=Value(0)),
        When(prefix, then=Value(1)),
        default=Value(2),
        output_field=IntegerField(),
    )
    return qs.filter(contains).annotate(rank=rank)


# --- items ------------------------------------------------------------------


def find_items(query: str, *, limit: int = DEFAULT_LIMIT) -> list[Item]:
    """Items whose id, name or display name matches ``query`` (``"iron ingot"``,
    ``"iron_ingot"`` and ``"minecraft:iron_ingot"`` all find Iron Ingot), best first."""
    text = " ".join(query.strip().split())
    if not text:
        return []
    name = text.split(":", 1)[-1].replace(" ", "_")
    ranked = _ranked(
        Item.objects.all(),
        text,
        {"item_id": full_item_id(name), "name": name, "display_name": text},
    )
    return list(ranked.order_by("rank", Length("display_name"), "display_name")[: _limit(limit)])


def get_item(identifier: str) -> Item | None:
    """The one item with this full id, bare name or display name (case-insensitive)."""
    text = identifier.strip()
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
    """Quests whose title (or 16-hex id) matches ``query``; each has ``chapter``
    and ``book`` loaded. Titles repeat across chapters, so show the chapter."""
    text = " ".join(query.strip().split())
    if not text:
        return []
    qs = Quest.objects.select_related("chapter", "book")
    if book:
        qs = qs.filter(book__slug=book)
    ranked = _ranked(qs, text, {"title": text, "quest_id": text.upper()})
    ranked = ranked.order_by("rank", Length("title"), "title", "chapter__order", "order")
    return list(ranked[: _limit(limit)])


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

# Articles scored in Python per search; plenty for a server's knowledge base.
KNOWLEDGE_CANDIDATES = 200


def _stem(word: str) -> str:
    # "rules" should find "rule": a plural "s" is the only ending worth dropping.
    return word[:-1] if len(word) > 4 and word.endswith("s") and not word.endswith("ss") else word


def search_knowledge(query: str, *, limit: int = 5) -> list[KnowledgeArticle]:
    """Articles containing the words of ``query``: more distinct words matched
    first, then title hits over tag hits over body hits; server-written
    articles win ties over quest descriptions."""
    words = [_stem(w) for w in words_of(query) if w not in STOP_WORDS]
    if not words:
        return []
    per_word = [Q(title__icontains=w) | Q(tags__icontains=w) | Q(body__icontains=w) for w in words]
    every, some = Q(), Q()
    for condition in per_word:
        every &= condition
        some |= condition
    # Articles with every word first, so a common word cannot crowd them out.
    base = KnowledgeArticle.objects.select_related("quest")
    candidates = list(base.filter(every)[:KNOWLEDGE_CANDIDATES])
    if len(candidates) < limit and len(words) > 1:
        seen = [article.pk for article in candidates]
        candidates += base.filter(some).exclude(pk__in=seen)[:KNOWLEDGE_CANDIDATES]
    scored = []
    for article in candidates:
        title, tags, body = article.title.lower(), article.tags.lower(), article.body.lower()
        matched = [w for w in words if w in title or w in tags or w in body]
        weight = sum(3 * (w in title) + 2 * (w in tags) + (w in body) for w in matched)
        scored.append((-len(matched), -weight, article.source != "manual", article.title, article))
    scored.sort(key=lambda row: row[:4])
    return [row[-1] for row in scored[: _limit(limit)]]


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
