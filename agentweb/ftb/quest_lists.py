"""``ftb.quest.query``'s lists: quests by id (several at once), by chapter, by an item
their rewards give or their tasks ask for, by a mob their kill tasks name — each limited
to a book, a chapter group or a chapter when asked — by a word of their titles in any
language, and the chapters of a book or group
with their counts.

Each quest is listed once, with every reward or task that matched ("16× Torch",
"10× Zombie (kill)"); counts of quests are over the whole scope, not the list shown.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q
from pydantic import BaseModel, Field

from agentweb.ftb import search
from agentweb.ftb.quest_results import QuestRef, RewardInfo, TaskInfo
from agentweb.ftb.scope import (
    ChapterMatch,
    Scope,
    find_book,
    find_group,
    find_table,
    match_chapter,
    mob_ids,
)
from agentweb.game.models import (
    Chapter,
    GameName,
    Quest,
    Reward,
    RewardTable,
    Task,
    TaskType,
)
from agentweb.game.models.names import NameKind, fold
from agentweb.game.text import clean_text
from agentweb.game.tools.shown import Shown


class QuestLine(BaseModel):
    """A quest in a list, with what it asks for and gives, in short."""

    quest: QuestRef
    tasks: list[TaskInfo] = []
    rewards: list[RewardInfo] = []
    # Why it is listed: the matching rewards or tasks ("16× Torch").
    matched: str = ""
    # Found by a close title that is another name, not the one asked for misspelled.
    near: bool = False

    def brief(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "quest_id": self.quest.quest_id,
            "title": self.quest.title,
            "chapter": self.quest.chapter,
        }
        if self.matched:
            data["matched"] = self.matched
        if self.near:
            data["near"] = True
        if self.tasks:
            data["tasks"] = [t.brief() for t in self.tasks]
        if self.rewards:
            data["rewards"] = [r.label for r in self.rewards]
        return data


def line(quest: Quest, matched: str = "", full: bool = True, near: bool = False) -> QuestLine:
    if not full:
        return QuestLine(quest=QuestRef.of(quest), matched=matched)
    return QuestLine(
        quest=QuestRef.of(quest),
        tasks=[TaskInfo.of(t) for t in quest.tasks.all()],
        rewards=[RewardInfo.of(r, with_entries=False) for r in quest.rewards.all()],
        matched=matched,
        near=near,
    )


class QuestListResult(BaseModel):
    """Quests found by a search; ``how`` says how they matched, ``message`` what was asked."""

    message: str
    how: str
    quests: list[QuestLine] = []
    chapters: list[dict[str, Any]] = []
    # For a chapter's quests: the chapter, its group and how many quests it has in all.
    chapter: dict[str, Any] | None = None
    # Quests in all, over the chapters or quests listed and the ones not shown.
    total: int | None = None
    # Chapters of the list not shown (past the limit).
    more_chapters: int = 0
    # What the list was limited to, in words ("book Frostbell Hollow").
    scope: str = ""
    # A reward table asked about: its entries and how it hands them out.
    table: dict[str, Any] | None = None
    # A chapter asked for that no chapter is (``unknown_chapter``), with the chapters it
    # may mean: several books' chapters of its number, or close titles (``near``).
    unknown_chapter: str = ""
    chapter_candidates: list[dict[str, str]] = []
    near: bool = False
    # How the card names things (not the model's: it reads the names as found).
    shown: Shown = Field(default_factory=Shown, exclude=True)

    def names(self) -> list[str]:
        """Every name of an item or mob in the list, as found."""
        names: list[str] = []
        for q in self.quests:
            names += [n for t in q.tasks for n in (t.label, t.entity_name)]
            names += [r.label for r in q.rewards]
        return names

    def titles(self) -> list[str]:
        """Every title of the book in the list (quests, chapters, groups)."""
        titles: list[str] = []
        for q in self.quests:
            titles += [q.quest.title, q.quest.chapter]
        for c in [*self.chapters, *([self.chapter] if self.chapter else [])]:
            titles += [str(c.get("chapter") or ""), str(c.get("group") or "")]
        for c in self.chapter_candidates:
            titles += [c["chapter"], c["book"]]
        return titles


def list_quests(value: Any) -> QuestListResult:
    """The list ``ftb.quest.query`` asked for (its input: see ``QuestQueryInput``)."""
    scope, problem = _scope(value)
    if isinstance(problem, QuestListResult):
        return problem
    if problem:
        return QuestListResult(message=problem, how="none")
    if value.quest_ids:
        return _by_ids(value.quest_ids, scope, value.limit)
    if value.reward_table:
        return _by_table(value.reward_table, scope, value.limit)
    if value.reward_type:
        return _by_reward_type(value.reward_type, scope, value.limit)
    if value.kills:
        return _by_kill(value.kills, scope, value.limit)
    if value.task_type:
        return _by_task_type(str(value.task_type), scope, value.limit)
    if value.rewards_item:
        return _by_item(value.rewards_item, scope, value.limit, rewards=True)
    if value.requires_item:
        return _by_item(value.requires_item, scope, value.limit, rewards=False)
    if value.title_contains:
        return _by_title(value.title_contains, scope, value.limit)
    if value.chapter:
        return _chapter(value.chapter, scope, value.limit)
    return _chapters(scope, value.limit)


def _scope(value: Any) -> tuple[Scope, str | QuestListResult]:
    book = group = chapter = None
    if value.book:
        book = find_book(value.book)
        if book is None:
            return Scope(), f"No quest book matches {value.book!r}."
    if value.group:
        group = find_group(value.group, book)
        if group is None:
            return Scope(), f"No chapter group matches {value.group!r}."
    listed_by = (
        value.kills
        or value.task_type
        or value.rewards_item
        or value.requires_item
        or value.reward_type
        or value.reward_table
        or value.quest_ids
        or value.title_contains
    )
    if value.chapter and listed_by:
        match = match_chapter(value.chapter, book)
        if match.chapter is None:
            return Scope(), _no_chapter(value.chapter, match)
        chapter = match.chapter
    return Scope(book, group, chapter), ""


def _no_chapter(name: str, match: ChapterMatch) -> QuestListResult:
    """No chapter is ``name``: the chapters it may mean (several books' chapters of its
    number: say which; close titles: offered, never listed as the one asked)."""
    if match.several:
        message = f"{name!r} may be any of these chapters; say which book"
    elif match.candidates:
        message = f"No chapter is called {name!r}; close titles"
    else:
        message = f"No chapter is called {name!r}."
    return QuestListResult(
        message=message,
        how="none",
        unknown_chapter=name,
        chapter_candidates=match.describe(),
        near=not match.several and bool(match.candidates),
    )


def _within(scope: Scope) -> str:
    return f" in {scope.describe()}" if scope.describe() else ""


def _chapter(name: str, scope: Scope, limit: int) -> QuestListResult:
    match = match_chapter(name, scope.book)
    chapter = match.chapter
    if chapter is None:
        return _no_chapter(name, match)
    quests = search.with_tasks_and_rewards(chapter.quests.order_by("order"))[:limit]
    total = chapter.quests.count()
    return QuestListResult(
        message=f"Quests of {chapter.title} ({total} in all)",
        how="filter",
        quests=[line(q) for q in quests],
        chapter=chapter_line(chapter, total),
        total=total,
    )


def _chapters(scope: Scope, limit: int) -> QuestListResult:
    chapters = (
        Chapter.objects.select_related("group", "book")
        .filter(_chapter_scope(scope))
        .annotate(quest_count=Count("quests"))
        .order_by("book", "order")
    )
    rows = list(chapters)
    shown = rows[:limit]
    total = sum(c.quest_count for c in rows)
    where = scope.describe() or "every quest book"
    return QuestListResult(
        message=f"Chapters of {where} ({len(rows)} chapters, {total} quests in all)",
        how="filter",
        chapters=[chapter_line(c, c.quest_count) for c in shown],
        total=total,
        more_chapters=len(rows) - len(shown),
        scope=scope.describe(),
    )


def _chapter_scope(scope: Scope) -> Q:
    where = Q()
    if scope.book is not None:
        where &= Q(book=scope.book)
    if scope.group is not None:
        where &= Q(group=scope.group)
    return where


def chapter_line(chapter: Chapter, total: int) -> dict[str, Any]:
    line: dict[str, Any] = {"chapter": chapter.title, "quests": total}
    if chapter.group_id:
        line["group"] = chapter.group.title
    return line


def _by_item(name: str, scope: Scope, limit: int, *, rewards: bool) -> QuestListResult:
    ids = search.item_ids_for(name)
    verb = "reward" if rewards else "ask for"
    if not ids:
        return QuestListResult(message=f"No quest mentions an item called {name!r}.", how="none")
    if rewards:
        rows = [(r.quest, _reward_match(r)) for r in _rewards_giving(ids, scope, limit)]
    else:
        rows = [(t.quest, TaskInfo.of(t).text()) for t in _tasks(scope, limit, item_id__in=ids)]
    return _listed(rows, f"Quests that {verb} {name!r}{_within(scope)}", scope)


def _by_ids(ids: list[str], scope: Scope, limit: int) -> QuestListResult:
    """The quests of these ids, in the order given, each with its tasks and rewards."""
    wanted = list(dict.fromkeys(search.normalize_quest_id(i) or i for i in ids))[:limit]
    rows = search.with_tasks_and_rewards(Quest.objects.filter(quest_id__in=wanted))
    found = {q.quest_id: q for q in rows.filter(scope.quests())}
    quests = [found[i] for i in wanted if i in found]
    missing = [i for i in wanted if i not in found]
    message = f"Quests {', '.join(wanted)}{_within(scope)}"
    if missing:
        message += f" (no quest has the id {', '.join(missing)})"
    return QuestListResult(
        message=message,
        how="filter" if quests else "none",
        quests=[line(q) for q in quests],
        total=len(quests),
        scope=scope.describe(),
    )


def _by_kill(name: str, scope: Scope, limit: int) -> QuestListResult:
    ids = mob_ids(name)
    if not ids:
        return QuestListResult(message=f"No mob is called {name!r}.", how="none")
    tasks = _tasks(scope, limit, type=TaskType.KILL, details__entity__in=ids)
    rows = [(t.quest, TaskInfo.of(t).text()) for t in tasks]
    return _listed(rows, f"Quests that ask you to kill {name!r}{_within(scope)}", scope)


def _by_reward_type(reward_type: str, scope: Scope, limit: int) -> QuestListResult:
    types = [reward_type, "xp_levels"] if reward_type == "xp" else [reward_type]
    rewards = (
        Reward.objects.filter(type__in=types)
        .filter(scope.quests("quest__"))
        .select_related("quest", "quest__chapter", "table")
        .order_by("quest__book__slug", "quest__chapter__order", "quest__order", "order")
    )
    rows = [(r.quest, RewardInfo.of(r, with_entries=False).text()) for r in rewards[: limit * 2]]
    listed = _listed(rows, f"Quests with a {reward_type} reward{_within(scope)}", scope)
    return _counted(listed, Q(rewards__type__in=types), scope)


def _by_table(name: str, scope: Scope, limit: int) -> QuestListResult:
    table = find_table(name, scope.book)
    if table is None:
        return QuestListResult(message=f"No reward table matches {name!r}.", how="none")
    rewards = (
        Reward.objects.filter(table=table)
        .select_related("quest", "quest__chapter", "table")
        .order_by("quest__chapter__order", "quest__order", "order")
    )
    rows = [(r.quest, _reward_match(r)) for r in rewards[: limit * 2]]
    listed = _listed(rows, f"Quests that give the reward table {table.title!r}", scope)
    listed.table = table_line(table)
    if not listed.quests:
        listed.message, listed.how = f"Reward table {table.title}: no quest gives it.", "filter"
    return listed


def table_line(table: RewardTable) -> dict[str, Any]:
    """A reward table's entries, with counts and weights, and how many it hands out."""
    entries = list(table.entries.all())
    total = sum(e.weight for e in entries) or 1
    return {
        "table": table.title,
        "hands_out": table.loot_size,
        "entries": [
            {
                "item": f"{e.count}× {e.item_display_name or e.item_id}",
                "chance": round(e.weight / total, 4),
            }
            for e in entries
        ],
    }


def _by_task_type(task_type: str, scope: Scope, limit: int) -> QuestListResult:
    tasks = _tasks(scope, limit, type=task_type)
    rows = [(t.quest, TaskInfo.of(t).text()) for t in tasks]
    listed = _listed(rows, f"Quests with a {task_type} task{_within(scope)}", scope)
    return _counted(listed, Q(tasks__type=task_type), scope)


# Titles in other languages looked up at most, for one word (the quests are then counted).
MAX_TITLED = 500


def _by_title(word: str, scope: Scope, limit: int) -> QuestListResult:
    """The quests whose title in any imported language contains ``word`` (case-insensitive,
    as written: a word, not a near one), counted over the whole scope."""
    folded = fold(clean_text(word))
    if not folded:
        return QuestListResult(message="No word to look for in quest titles.", how="none")
    keys = GameName.objects.filter(kind=NameKind.QUEST, folded__contains=folded).values_list(
        "key", flat=True
    )
    titled = Q(title__icontains=word)
    for key in list(keys.distinct()[:MAX_TITLED]):
        slug, _, quest_id = key.partition("/")
        titled |= Q(book__slug=slug, quest_id=quest_id)
    quests = Quest.objects.filter(scope.quests()).filter(titled).select_related("chapter")
    ordered = quests.order_by("book__slug", "chapter__order", "order")
    total = ordered.count()
    message = f"Quests whose title contains {word!r}{_within(scope)}"
    if not total:
        return QuestListResult(message=f"None: {message[0].lower()}{message[1:]}.", how="none")
    return QuestListResult(
        message=f"{message} ({total} in all)",
        how="filter",
        quests=[line(q, full=False) for q in ordered[:limit]],
        total=total,
        scope=scope.describe(),
    )


def _listed(rows: list[tuple[Quest, str]], message: str, scope: Scope) -> QuestListResult:
    """Each quest once, with all that matched in it."""
    matched: dict[int, tuple[Quest, list[str]]] = {}
    for quest, text in rows:
        found = matched.setdefault(quest.pk, (quest, []))
        if text not in found[1]:
            found[1].append(text)
    if not matched:
        return QuestListResult(message=f"None: {message[0].lower()}{message[1:]}.", how="none")
    lines = [line(q, "; ".join(texts), full=False) for q, texts in matched.values()]
    return QuestListResult(
        message=message, how="filter", quests=lines, total=len(lines), scope=scope.describe()
    )


def _counted(listed: QuestListResult, having: Q, scope: Scope) -> QuestListResult:
    """A list by a kind of task or reward counts every quest of its scope that has one,
    not only those listed."""
    if listed.quests:
        listed.total = Quest.objects.filter(scope.quests()).filter(having).distinct().count()
        listed.message = f"{listed.message} ({listed.total} in all)"
    return listed


def _rewards_giving(ids: list[str], scope: Scope, limit: int) -> list[Reward]:
    qs = (
        Reward.objects.filter(Q(item_id__in=ids) | Q(table__entries__item_id__in=ids))
        .filter(scope.quests("quest__"))
        .select_related("quest", "quest__chapter", "table")
        .distinct()
        .order_by("quest__book__slug", "quest__chapter__order", "quest__order", "order")
    )
    return list(qs[: limit * 2])


def _tasks(scope: Scope, limit: int, **where: Any) -> list[Task]:
    qs = (
        Task.objects.filter(**where)
        .filter(scope.quests("quest__"))
        .select_related("quest", "quest__chapter")
        .order_by("quest__book__slug", "quest__chapter__order", "quest__order", "order")
    )
    return list(qs[: limit * 2])


def _reward_match(reward: Reward) -> str:
    if reward.table is not None and not reward.item_id:
        return f"{reward.type} from reward table: {reward.table.title}"
    return reward.label
