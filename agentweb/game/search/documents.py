"""The rows of the search index: what each article, quest and item is searched by.

:func:`refresh` makes the documents of some objects equal what those objects
say now, touching only rows that differ. The importers call it after they
write; signals call it after an admin (or any ``save()``) edit. It works on
the models it is given, so the migration can build the index for existing
rows with its historical models.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.apps import apps as global_apps
from django.utils import timezone

from agentweb.game.importers.bulk import insert_rows
from agentweb.game.search.terms import index_text

# Rows written per statement (SQLite's variable limit in old builds).
BATCH_SIZE = 200
# Ids per statement when a whole pack's items are refreshed.
LARGE = 5000
CONTENT_FIELDS = ("title", "names", "body", "book_id")


@dataclass(frozen=True)
class Scope:
    """Which objects to refresh: ``None`` for every one of that kind."""

    articles: Iterable[int] | None = ()
    quests: Iterable[int] | None = ()
    items: Iterable[int] | None = ()
    book: int | None = None


def _model(apps: Any, name: str) -> Any:
    return (apps or global_apps).get_model("game", name)


def _join(parts: Iterable[str]) -> str:
    seen: list[str] = []
    for part in parts:
        part = (part or "").strip()
        if part and part not in seen:
            seen.append(part)
    return " ".join(seen)


def article_rows(apps: Any, pks: Iterable[int] | None, book: int | None) -> dict[tuple, dict]:
    qs = _model(apps, "KnowledgeArticle").objects.select_related("quest__book")
    if pks is not None:
        qs = qs.filter(pk__in=list(pks))
    if book is not None:
        qs = qs.filter(quest__book_id=book)
    return {
        ("article", a.pk): {
            "title": index_text(a.title),
            # A quest article's tags are bookkeeping (book slug, chapter file name): it is
            # named by its book instead ("the lighthouse keeper in Saltmarsh").
            "names": index_text(_where(a)) if a.quest_id else _join(a.tags.split(",")),
            "body": index_text(a.body),
            "book_id": a.quest.book_id if a.quest_id else None,
        }
        for a in qs
    }


def _where(article: Any) -> str:
    """The book a quest's description is in (not its chapter: a chapter's words are its
    quests' topics, and would weigh less for being in all of them)."""
    return article.quest.book.name


def quest_rows(apps: Any, pks: Iterable[int] | None, book: int | None) -> dict[tuple, dict]:
    """A quest is searched by its title, the names of what it asks for and gives, and its text."""
    qs = _model(apps, "Quest").objects.prefetch_related("tasks", "rewards__table__entries")
    if pks is not None:
        qs = qs.filter(pk__in=list(pks))
    if book is not None:
        qs = qs.filter(book_id=book)
    rows = {}
    for quest in qs:
        names = []
        for task in quest.tasks.all():
            names += [task.title, task.item_display_name]
        for reward in quest.rewards.all():
            names += [reward.title, reward.item_display_name]
            if reward.table_id is not None:
                names += [reward.table.title]
                names += [e.item_display_name for e in reward.table.entries.all()]
        rows[("quest", quest.pk)] = {
            "title": index_text(quest.title),
            "names": index_text(_join(names)),
            "body": index_text("\n\n".join(p for p in (quest.subtitle, quest.description) if p)),
            "book_id": quest.book_id,
        }
    return rows


def item_rows(apps: Any, pks: Iterable[int] | None) -> dict[tuple, dict]:
    qs = _model(apps, "Item").objects.all()
    pks = list(pks) if pks is not None else None
    rows = {}
    for start in range(0, len(pks), LARGE) if pks is not None else [None]:
        chunk = qs if start is None else qs.model.objects.filter(pk__in=pks[start : start + LARGE])
        for pk, display_name, item_id, name in chunk.values_list(
            "pk", "display_name", "item_id", "name"
        ):
            rows[("item", pk)] = {
                "title": display_name,
                "names": _join([item_id, name.replace("_", " ")]),
                "body": "",
                "book_id": None,
            }
    return rows


def refresh(scope: Scope, *, apps: Any = None) -> int:
    """Make the documents of the objects in ``scope`` match them; returns rows changed."""
    document = _model(apps, "SearchDocument")
    wanted: dict[tuple, dict] = {}
    existing = document.objects.none()
    kept: dict[str, set[int] | None] = {}
    for kind, pks, build in (
        ("article", scope.articles, lambda p: article_rows(apps, p, scope.book)),
        ("quest", scope.quests, lambda p: quest_rows(apps, p, scope.book)),
        ("item", scope.items, lambda p: item_rows(apps, p)),
    ):
        if pks is not None:
            pks = list(pks)
            if not pks:
                continue
        wanted.update(build(pks))
        qs = document.objects.filter(kind=kind)
        kept[kind] = None
        if pks is not None and len(pks) > LARGE:
            kept[kind] = set(pks)  # a whole pack's items: read them all, keep these
        elif pks is not None:
            qs = qs.filter(**{f"{kind}_id__in": pks})
        elif scope.book is not None and kind != "item":
            qs = qs.filter(book_id=scope.book)
        existing = existing | qs
    return _sync(document, existing, wanted, kept)


TARGETS = ("article_id", "quest_id", "item_id")


def _sync(
    document: Any, existing: Any, wanted: dict[tuple, dict], kept: dict[str, set[int] | None]
) -> int:
    """Write the documents that differ, reading the current ones as plain values."""
    now = timezone.now()
    current: dict[tuple, tuple] = {}
    for pk, kind, *targets_and_content in existing.values_list(
        "pk", "kind", *TARGETS, *CONTENT_FIELDS
    ):
        target = targets_and_content[TARGETS.index(f"{kind}_id")]
        if kept.get(kind) is None or target in kept[kind]:
            current[(kind, target)] = (pk, tuple(targets_and_content[len(TARGETS) :]))
    stale = [pk for key, (pk, _) in current.items() if key not in wanted]
    changed, new = [], []
    for (kind, target), content in wanted.items():
        values = tuple(content[f] for f in CONTENT_FIELDS)
        if (kind, target) not in current:
            new.append({"kind": kind, "updated_at": now, f"{kind}_id": target, **content})
        elif current[(kind, target)][1] != values:
            pk = current[(kind, target)][0]
            changed.append(document(pk=pk, kind=kind, updated_at=now, **content))
    for start in range(0, len(stale), BATCH_SIZE):
        document.objects.filter(pk__in=stale[start : start + BATCH_SIZE]).delete()
    document.objects.bulk_update(changed, [*CONTENT_FIELDS, "updated_at"], batch_size=BATCH_SIZE)
    insert_rows(document, new)
    return len(stale) + len(changed) + len(new)


def refresh_all(*, apps: Any = None) -> int:
    """Every document (the migration's first build; a repair after raw SQL edits)."""
    return refresh(Scope(articles=None, quests=None, items=None), apps=apps)
