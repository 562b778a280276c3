"""Import an FTB Quests pack into the database (idempotent, all or nothing)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from django.db import transaction
from django.utils.text import slugify

from agentweb.game.importers.bulk import after_bulk_write
from agentweb.game.importers.ftb_parse import ParsedPack, parse_pack
from agentweb.game.importers.ftb_records import ParsedQuest
from agentweb.game.importers.names import sync_names
from agentweb.game.importers.sync import SyncCounts, sync_links, sync_rows
from agentweb.game.models import (
    ArticleSource,
    Chapter,
    ChapterGroup,
    Item,
    KnowledgeArticle,
    NameKind,
    NameOrigin,
    Quest,
    QuestBook,
    Reward,
    RewardTable,
    RewardTableEntry,
    Task,
)
from agentweb.game.search.documents import Scope
from agentweb.game.search.documents import refresh as refresh_documents


@dataclass
class FtbReport:
    """What an import did, for the command's output and the tests."""

    book: str
    slug: str
    counts: dict[str, SyncCounts] = field(default_factory=dict)
    notes: Counter = field(default_factory=Counter)
    missing_lang_keys: list[str] = field(default_factory=list)
    # Language → titles read in it (for the name index).
    languages: dict[str, int] = field(default_factory=dict)
    primary_language: str = "en_us"

    @property
    def changed(self) -> bool:
        return any(counts.changed for counts in self.counts.values())

    def lines(self) -> list[str]:
        out = [f"quest book {self.book!r} ({self.slug})"]
        out += [f"{name}: {counts}" for name, counts in self.counts.items()]
        if self.languages:
            langs = ", ".join(f"{lang} ({n})" for lang, n in sorted(self.languages.items()))
            out.append(f"languages: {langs}; primary {self.primary_language}")
        for note, n in sorted(self.notes.items()):
            out.append(f"{note}: {n}")
        if self.missing_lang_keys:
            out.append(f"missing lang keys, e.g. {', '.join(self.missing_lang_keys)}")
        return out


def import_ftbquests(pack_root: Path | str, *, slug: str | None = None) -> FtbReport:
    """Import (or re-import) the quest book of the pack at ``pack_root``.

    Every file is parsed before anything is written, and the writes share one
    transaction: a broken file raises :class:`ImportFailed` naming it and the
    database keeps its previous state.
    """
    root = Path(pack_root)
    slug = slug or slugify(root.resolve().name) or "quests"
    # Display names of imported items (vanilla language) for untitled quests.
    vanilla_names = dict(Item.objects.values_list("item_id", "display_name"))
    pack = parse_pack(root, vanilla_names)
    report = FtbReport(book=pack.name, slug=slug, notes=pack.notes)
    report.missing_lang_keys = pack.missing_lang_keys
    report.languages = dict(pack.languages)
    report.primary_language = pack.language
    with transaction.atomic():
        write_book(pack, slug, root, report)
        after_bulk_write()
    return report


def write_book(pack: ParsedPack, slug: str, root: Path, report: FtbReport) -> None:
    """Write a parsed book (call inside a transaction): only what differs changes."""
    book, created = QuestBook.objects.get_or_create(
        slug=slug, defaults={"name": pack.name, "source_path": str(root)}
    )
    if not created and (book.name, book.source_path) != (pack.name, str(root)):
        book.name, book.source_path = pack.name, str(root)
        book.save()
    counts = report.counts

    counts["chapter groups"], group_pks = sync_rows(
        ChapterGroup,
        book.chapter_groups.all(),
        ("group_id",),
        [
            {"book_id": book.pk, "group_id": g.group_id, "title": g.title, "order": g.order}
            for g in pack.groups
        ],
    )
    chapter_rows = [
        {
            "book_id": book.pk,
            "chapter_id": c.chapter_id,
            "filename": c.filename,
            "title": c.title,
            "group_id": group_pks.get((c.group_id,)) if c.group_id else None,
            "order": c.order,
            "icon": c.icon,
        }
        for c in pack.chapters
    ]
    counts["chapters"], chapter_pks = sync_rows(
        Chapter, book.chapters.all(), ("chapter_id",), chapter_rows
    )
    table_pks = _write_tables(pack, book, counts)

    quest_rows = []
    for chapter in pack.chapters:
        for q in chapter.quests:
            quest_rows.append(
                {
                    "book_id": book.pk,
                    "chapter_id": chapter_pks[(chapter.chapter_id,)],
                    "quest_id": q.quest_id,
                    "title": q.title,
                    "title_source": str(q.title_source),
                    "subtitle": q.subtitle,
                    "description": q.description,
                    "dependency_requirement": q.dependency_requirement,
                    "optional": q.optional,
                    "order": q.order,
                }
            )
    counts["quests"], quest_pks = sync_rows(Quest, book.quests.all(), ("quest_id",), quest_rows)
    _write_dependencies(pack, book, quest_pks, report)
    _write_tasks_and_rewards(pack, book, quest_pks, table_pks, report)
    _write_articles(pack, book, quest_pks, counts)
    counts["names"] = sync_names(NameOrigin.book(slug), book_names(pack, slug))
    refresh_documents(Scope(articles=None, quests=None, book=book.pk))


def _own_text(text: tuple[str, str, str], quest: ParsedQuest) -> bool:
    """Whether a translation of ``quest`` (title, subtitle, description) says something of
    its own: a description the primary text did not fall back to, or — for a quest with
    no description — such a subtitle."""
    _title, subtitle, description = text
    if description:
        return description != quest.description
    return not quest.description and bool(subtitle) and subtitle != quest.subtitle


# FTB Quests' lang-file kinds → the kinds of the name index.
TITLE_KINDS = {
    "file": NameKind.BOOK,
    "chapter_group": NameKind.CHAPTER_GROUP,
    "chapter": NameKind.CHAPTER,
    "quest": NameKind.QUEST,
    "task": NameKind.TASK,
    "reward": NameKind.REWARD,
    "reward_table": NameKind.REWARD_TABLE,
}


def book_names(pack: ParsedPack, slug: str) -> dict[tuple[str, str, str], str]:
    """The titles of the book's parts in every language: keyed ``<slug>/<id>`` (the book
    itself by its slug)."""
    names = {}
    for (kind, object_id, language), text in pack.titles.items():
        name_kind = TITLE_KINDS[kind]
        key = slug if name_kind == NameKind.BOOK else f"{slug}/{object_id}"
        names[(str(name_kind), key, language)] = text
    return names


def _write_tables(pack: ParsedPack, book: QuestBook, counts: dict) -> dict[tuple, int]:
    counts["reward tables"], table_pks = sync_rows(
        RewardTable,
        book.reward_tables.all(),
        ("table_id",),
        [
            {
                "book_id": book.pk,
                "table_id": t.table_id,
                "title": t.title,
                "filename": t.filename,
                "loot_size": t.loot_size,
            }
            for t in pack.tables
        ],
    )
    entry_rows = [
        {"table_id": table_pks[(t.table_id,)], **entry} for t in pack.tables for entry in t.entries
    ]
    counts["reward table entries"], _ = sync_rows(
        RewardTableEntry,
        RewardTableEntry.objects.filter(table__book=book),
        ("table_id", "order"),
        entry_rows,
    )
    return table_pks


def _write_dependencies(
    pack: ParsedPack, book: QuestBook, quest_pks: dict[tuple, int], report: FtbReport
) -> None:
    pairs: set[tuple[int, int]] = set()
    for quest in pack.quests:
        for dependency in quest.dependencies:
            target = quest_pks.get((dependency,))
            if target is None:
                report.notes["dependencies on quests not in the book"] += 1
                continue
            pairs.add((quest_pks[(quest.quest_id,)], target))
    through = Quest.dependencies.through
    report.counts["dependencies"] = sync_links(
        through,
        through.objects.filter(from_quest__book=book),
        "from_quest_id",
        "to_quest_id",
        pairs,
    )


def _write_tasks_and_rewards(
    pack: ParsedPack,
    book: QuestBook,
    quest_pks: dict[tuple, int],
    table_pks: dict[tuple, int],
    report: FtbReport,
) -> None:
    task_rows, reward_rows = [], []
    for quest in pack.quests:
        quest_pk = quest_pks[(quest.quest_id,)]
        for task in quest.tasks:
            task_rows.append({"quest_id": quest_pk, **vars(task)})
        for reward in quest.rewards:
            row = {k: v for k, v in vars(reward).items() if k != "table_id"}
            table_pk = None
            if reward.table_id is not None:
                table_pk = table_pks.get((reward.table_id,))
                if table_pk is None:
                    report.notes["rewards naming a missing reward table"] += 1
                    row["details"] = {**row["details"], "table_id": reward.table_id}
            reward_rows.append({"quest_id": quest_pk, "table_id": table_pk, **row})
    report.counts["tasks"], _ = sync_rows(
        Task, Task.objects.filter(quest__book=book), ("quest_id", "task_id"), task_rows
    )
    report.counts["rewards"], _ = sync_rows(
        Reward, Reward.objects.filter(quest__book=book), ("quest_id", "reward_id"), reward_rows
    )


def _write_articles(
    pack: ParsedPack, book: QuestBook, quest_pks: dict[tuple, int], counts: dict
) -> None:
    """Quest descriptions feed the knowledge base: one article per described quest in the
    book's primary language (``quest:<book>:<id>``), one more per other language with a
    text of its own (``quest:<book>:<id>:<lang>``): its description, or the subtitle of a
    quest without one (the primary subtitle is the quest's own; a translated one is only
    here, where the quest's answers and card in that language read it)."""
    prefix = f"quest:{book.slug}:"
    rows = []
    for chapter in pack.chapters:
        for quest in chapter.quests:
            texts = [(pack.language, "", (quest.title, quest.subtitle, quest.description))]
            texts += [
                (lang, f":{lang}", text)
                for lang, text in quest.translations.items()
                if _own_text(text, quest)
            ]
            for language, suffix, (title, subtitle, description) in texts:
                if not description and not (suffix and subtitle):
                    continue
                rows.append(
                    {
                        "key": f"{prefix}{quest.quest_id}{suffix}",
                        "source": ArticleSource.QUEST.value,
                        "title": title,
                        "body": "\n\n".join(part for part in (subtitle, description) if part),
                        "tags": ",".join(["quest", book.slug, chapter.filename]),
                        "quest_id": quest_pks[(quest.quest_id,)],
                        "language": language,
                    }
                )
    counts["knowledge articles"], _ = sync_rows(
        KnowledgeArticle,
        KnowledgeArticle.objects.filter(source=ArticleSource.QUEST, key__startswith=prefix),
        ("key",),
        rows,
    )
