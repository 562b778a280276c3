"""What a quest list is limited to — a book, a chapter group, a chapter — and the mobs a
kill task names, each found by any of its names (every imported language, ids, close
spellings: :func:`agentweb.game.mentions.things_named`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet

from agentweb.game import chapter_refs
from agentweb.game.mentions import mobs_named, things_named
from agentweb.game.models import (
    Chapter,
    ChapterGroup,
    GameName,
    NameKind,
    QuestBook,
    RewardTable,
)
from agentweb.game.search import names
from agentweb.game.text import clean_text

# Chapters offered when none is called what was asked (the close ones).
NEAR_CHAPTERS = 3


@dataclass(frozen=True)
class Scope:
    """A book, group and chapter a list is limited to (``None``: not limited by it)."""

    book: QuestBook | None = None
    group: ChapterGroup | None = None
    chapter: Chapter | None = None

    def quests(self, prefix: str = "") -> Q:
        """The filter for rows reached through ``prefix`` (``"quest__"`` from a task)."""
        where = Q()
        if self.book is not None:
            where &= Q(**{f"{prefix}book": self.book})
        if self.group is not None:
            where &= Q(**{f"{prefix}chapter__group": self.group})
        if self.chapter is not None:
            where &= Q(**{f"{prefix}chapter": self.chapter})
        return where

    def describe(self) -> str:
        parts = [
            f"chapter {self.chapter.title}" if self.chapter else "",
            f"group {self.group.title}" if self.group else "",
            f"book {self.book.name}" if self.book else "",
        ]
        return ", ".join(p for p in parts if p)


def find_book(text: str) -> QuestBook | None:
    """A book by its slug, its name, or the name of its file in any language."""
    text = clean_text(text)
    if not text:
        return None
    books = QuestBook.objects.all()
    found = books.filter(Q(slug__iexact=text) | Q(name__iexact=text)).first()
    if found is not None:
        return found
    slugs = [t.key for t in things_named(text, [NameKind.BOOK])]
    return books.filter(slug__in=slugs).order_by("slug").first() if slugs else None


def find_group(text: str, book: QuestBook | None = None) -> ChapterGroup | None:
    """A chapter group by its title in any language."""
    groups = ChapterGroup.objects.select_related("book")
    return _titled(groups, text, book, NameKind.CHAPTER_GROUP, "group_id")


@dataclass(frozen=True)
class ChapterMatch:
    """The chapter a name means, or the chapters it may mean: several books' chapters of
    that number (``several``), or chapters with a close title (near, never taken)."""

    chapter: Chapter | None = None
    candidates: tuple[Chapter, ...] = ()
    several: bool = False

    def describe(self) -> list[dict[str, str]]:
        return [{"chapter": c.title, "book": c.book.name} for c in self.candidates]


def find_chapter(text: str, book: QuestBook | None = None) -> Chapter | None:
    """The chapter ``text`` means (:func:`match_chapter`), or ``None``."""
    return match_chapter(text, book).chapter


def match_chapter(text: str, book: QuestBook | None = None) -> ChapterMatch:
    """A chapter by its title in any language (exact, else the same name misspelled), or
    by the number its title carries or its place in the book ("chapter two", "第二章", "the
    first chapter": :mod:`agentweb.game.chapter_refs`). Several books' chapters of that
    number, or only close titles, are candidates, not the chapter."""
    text = clean_text(text)
    chapters: QuerySet[Chapter] = Chapter.objects.select_related("group", "book")
    if book is not None:
        chapters = chapters.filter(book=book)
    named = _titled(chapters, text, None, NameKind.CHAPTER, "chapter_id")
    if named is not None:
        return ChapterMatch(named)
    ref = chapter_refs.reference(text) or chapter_refs.reference(f"chapter {text}")
    if ref is not None:
        found, meant = chapter_refs.chapters_numbered(ref.number, _books(chapters))
        rows = {f"{c.book.slug}/{c.chapter_id}": c for c in chapters}
        matched = tuple(rows[key] for _, key in found if key in rows)
        if meant and len(matched) == 1:
            return ChapterMatch(matched[0])
        if matched:
            return ChapterMatch(candidates=matched, several=True)
    close = names.closest(text, _titles(chapters), limit=NEAR_CHAPTERS)
    near = {pk for _, pk in close}
    return ChapterMatch(candidates=tuple(c for c in chapters if c.pk in near))


def _books(chapters: QuerySet[Chapter]) -> dict[str, list[tuple[str, list[str]]]]:
    """Each book's chapters in book order, with their titles in every language."""
    books: dict[str, list[tuple[str, list[str]]]] = {}
    for chapter, titles in _named(chapters.order_by("book__slug", "order", "filename")):
        key = f"{chapter.book.slug}/{chapter.chapter_id}"
        books.setdefault(chapter.book.slug, []).append((key, titles))
    return books


def _titles(chapters: QuerySet[Chapter]) -> list[tuple[str, int]]:
    """Every title of every chapter (all languages), with the chapter's pk."""
    return [(title, c.pk) for c, titles in _named(chapters) for title in titles]


def _named(chapters: QuerySet[Chapter]) -> list[tuple[Chapter, list[str]]]:
    """Each chapter with its titles: its own, then its names in every imported language."""
    rows = list(chapters)
    keys = [f"{c.book.slug}/{c.chapter_id}" for c in rows]
    names_of: dict[str, list[str]] = {}
    found = GameName.objects.filter(kind=NameKind.CHAPTER, key__in=keys)
    for key, text in found.values_list("key", "text"):
        names_of.setdefault(key, []).append(text)
    return [
        (c, list(dict.fromkeys([c.title, *names_of.get(f"{c.book.slug}/{c.chapter_id}", [])])))
        for c in rows
    ]


def _titled(qs: QuerySet, text: str, book: QuestBook | None, kind: str, field: str) -> Any:
    """The row of ``qs`` titled ``text``: its stored title (any case), else any of its
    names in the name index (every language, a misspelling)."""
    text = clean_text(text)
    if book is not None:
        qs = qs.filter(book=book)
    found = qs.filter(title__iexact=text).first()
    return found if found is not None else _by_key(qs, field, things_named(text, [kind]))


def _by_key(qs: QuerySet, field: str, things: list) -> object | None:
    """The first row of ``qs`` whose ``<book slug>/<id>`` key is one of ``things``."""
    for thing in things:
        slug, _, object_id = thing.key.partition("/")
        found = qs.filter(book__slug=slug, **{field: object_id}).first()
        if found is not None:
            return found
    return None


def find_table(text: str, book: QuestBook | None = None) -> RewardTable | None:
    """A reward table by its title in any language (exact, then close)."""
    tables = RewardTable.objects.select_related("book")
    return _titled(tables, text, book, NameKind.REWARD_TABLE, "table_id")


def mob_ids(text: str) -> list[str]:
    """The mob ids a mob's name (any language, plural, id) stands for: an entity that is
    no mob (an arrow, the item on the ground) is no kill target."""
    return mobs_named(text)
