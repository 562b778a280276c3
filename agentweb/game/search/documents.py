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

from agentweb.game.search.terms import index_text

# Rows written per statement (SQLite's variable limit in old builds).
BATCH_SIZE = 200
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
    qs = _model(apps, "KnowledgeArticle").objects.select_related("quest")
    if pks is not None:
        qs = qs.filter(pk__in=list(pks))
    if book is not None:
        qs = qs.filter(quest__book_id=book)
    return {
        ("article", a.pk): {
            "title": index_text(a.title),
            # A quest article's tags are bookkeeping (book slug, chapter file name).
            "names": "" if a.quest_id else _join(a.tags.split(",")),
            "body": index_text(a.body),
            "book_id": a.quest.book_id if a.quest_id else None,
        }
        for a in qs
    }


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
    if pks is not None:
        qs = qs.filter(pk__in=list(pks))
    return {
        ("item", item.pk): {
            "title": item.display_name,
            "names": _join([item.item_id, item.name.replace("_", " ")]),
            "body": "",
            "book_id": None,
        }
        for item in qs.only("pk", "display_name", "item_id", "name")
    }


def refresh(scope: Scope, *, apps: Any = None) -> int:
    """Make the documents of the objects in ``scope`` match them; returns rows changed."""
    document = _model(apps, "SearchDocument")
    wanted: dict[tuple, dict] = {}
    existing = document.objects.none()
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
        if pks is not None:
            qs = qs.filter(**{f"{kind}_id__in": pks})
        elif scope.book is not None and kind != "item":
            qs = qs.filter(book_id=scope.book)
        existing = existing | qs
    return _sync(document, existing, wanted)


def _key(doc: Any) -> tuple:
    return (doc.kind, getattr(doc, f"{doc.kind}_id"))


def _sync(document: Any, existing: Any, wanted: dict[tuple, dict]) -> int:
    now = timezone.now()
    current = {_key(doc): doc for doc in existing}
    stale = [doc.pk for key, doc in current.items() if key not in wanted]
    changed, new = [], []
    for (kind, pk), content in wanted.items():
        doc = current.get((kind, pk))
        if doc is None:
            new.append(document(kind=kind, updated_at=now, **{f"{kind}_id": pk}, **content))
        elif any(getattr(doc, f) != content[f] for f in CONTENT_FIELDS):
            for field, value in content.items():
                setattr(doc, field, value)
            doc.updated_at = now
            changed.append(doc)
    for start in range(0, len(stale), BATCH_SIZE):
        document.objects.filter(pk__in=stale[start : start + BATCH_SIZE]).delete()
    document.objects.bulk_update(changed, [*CONTENT_FIELDS, "updated_at"], batch_size=BATCH_SIZE)
    document.objects.bulk_create(new, batch_size=BATCH_SIZE)
    return len(stale) + len(changed) + len(new)


def refresh_all(*, apps: Any = None) -> int:
    """Every document (the migration's first build; a repair after raw SQL edits)."""
    return refresh(Scope(articles=None, quests=None, items=None), apps=apps)
