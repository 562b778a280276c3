"""FTB quest tools: ``ftb.quest.query``, ``ftb.quest.find``, ``ftb.quest.detail`` (read-only)
and ``ftb.quest.claim`` (a write, in ``agentweb.ftb.claim``)."""

from __future__ import annotations

from typing import Any

from django.db.models import Count
from pydantic import BaseModel, Field

from agentweb.engine import ReActTool, Source, ToolCall
from agentweb.ftb import search
from agentweb.ftb.claim import QUEST_CLAIM
from agentweb.ftb.quest_views import (
    QuestInfo,
    QuestRef,
    RewardInfo,
    TaskInfo,
    localize,
    quest_card,
    quest_list_card,
)
from agentweb.game import queries
from agentweb.game.models import Chapter, DocumentKind, Quest, QuestProgress
from agentweb.game.search import analyse
from agentweb.game.search.passages import best_passage
from agentweb.game.tools.common import DEFAULT_LIMIT, MAX_NAME, Limit, ToolInput, clip, db

MODULE = "game.ftb"
# Characters of a quest's text quoted when its text, not its title, matched.
MATCHED_CHARS = 200
QUEST_ID_FIELD = Field(
    min_length=1,
    max_length=16,
    pattern=r"^[0-9A-Fa-f]{1,16}$",
    description="The quest's 16-hex-digit id, e.g. '6BB9DBAA8307942C'.",
)


class QuestLine(BaseModel):
    """A quest in a list, with what it asks for and gives, in short."""

    quest: QuestRef
    tasks: list[TaskInfo] = []
    rewards: list[RewardInfo] = []
    # Why it is listed: the matching reward or task ("16× Torch").
    matched: str = ""

    def brief(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "quest_id": self.quest.quest_id,
            "title": self.quest.title,
            "chapter": self.quest.chapter,
        }
        if self.matched:
            data["matched"] = self.matched
        if self.tasks:
            data["tasks"] = [
                {"task": t.text(), **({"item_id": t.item_id} if t.item_id else {})}
                for t in self.tasks
            ]
        if self.rewards:
            data["rewards"] = [r.label for r in self.rewards]
        return data


def _line(quest: Quest, matched: str = "", full: bool = True) -> QuestLine:
    if not full:
        return QuestLine(quest=QuestRef.of(quest), matched=matched)
    return QuestLine(
        quest=QuestRef.of(quest),
        tasks=[TaskInfo.of(t) for t in quest.tasks.all()],
        rewards=[RewardInfo.of(r, with_entries=False) for r in quest.rewards.all()],
        matched=matched,
    )


class QuestListResult(BaseModel):
    """Quests found by a search; ``how`` says how they matched, ``message`` what was asked."""

    message: str
    how: str
    quests: list[QuestLine] = []
    chapters: list[dict[str, Any]] = []
    # For a chapter's quests: the chapter, its group and how many quests it has in all.
    chapter: dict[str, Any] | None = None


def _observe_list(out: QuestListResult) -> dict[str, Any]:
    data: dict[str, Any] = {"message": out.message, "count": len(out.quests)}
    if out.how not in ("title", "filter"):
        data["match"] = out.how
    if out.quests:
        data["quests"] = [q.brief() for q in out.quests]
    if out.chapters:
        data["chapters"] = out.chapters
    if out.chapter:
        data["chapter"] = out.chapter
    return data


def _list_card(out: QuestListResult) -> dict[str, Any] | None:
    if out.chapters:
        return {"kind": "chapter_list", "title": out.message, "chapters": out.chapters}
    if not out.quests:
        return None
    return quest_list_card(out.message, [q.brief() for q in out.quests])


def _list_sources(value: Any, out: QuestListResult) -> list[Source]:
    return [
        Source(f"Quest: {q.quest.title}", kind="quest", snippet=q.quest.chapter) for q in out.quests
    ]


# --- ftb.quest.find ------------------------------------------------------------


class QuestFindInput(ToolInput):
    title: str = Field(
        min_length=1,
        max_length=MAX_NAME,
        description="The quest's title or part of it; small typos are tolerated.",
    )
    limit: Limit = DEFAULT_LIMIT


def _find(value: QuestFindInput) -> QuestListResult:
    found, how = search.find_quests(value.title, value.limit)
    if not found:
        return QuestListResult(message=f"No quest title matches {value.title!r}.", how=how)
    if how != "text":
        lines = [_line(q) for q in found]
    else:
        # No title matched: say where the words are, so the answer can quote it.
        terms = analyse(value.title, [DocumentKind.QUEST])[0].terms
        lines = [_line(q, _text_match(q, terms)) for q in found]
    return QuestListResult(message=f"Quests matching {value.title!r}", how=how, quests=lines)


def _text_match(quest: Quest, terms: list[str]) -> str:
    text = "\n".join(p for p in (quest.subtitle, quest.description) if p)
    return clip(best_passage(text, terms, MATCHED_CHARS), MATCHED_CHARS)


async def quest_find(value: QuestFindInput, call: ToolCall) -> QuestListResult:
    return await db(_find, value)


QUEST_FIND = ReActTool(
    "ftb.quest.find",
    "Find quests by title.",
    QuestFindInput,
    quest_find,
    module=MODULE,
    dedupe=lambda v: (v.title.lower(), v.limit),
    observe=_observe_list,
    card=_list_card,
    sources=_list_sources,
).for_reasoning(
    "Find FTB quests by title as the player wrote it (any case, with or without 'the … "
    "quest', small typos; exact titles first), else by the words of their texts; returns "
    "each match's id, chapter, tasks (with item ids) and rewards. Use ftb.quest.detail "
    "for prerequisites, unlocks and reward tables."
)


# --- ftb.quest.query -----------------------------------------------------------


class QuestQueryInput(ToolInput):
    chapter: str | None = Field(
        None, max_length=MAX_NAME, description="Only quests of this chapter (title or number)."
    )
    rewards_item: str | None = Field(
        None, max_length=MAX_NAME, description="Only quests whose rewards give this item."
    )
    requires_item: str | None = Field(
        None, max_length=MAX_NAME, description="Only quests whose tasks ask for this item."
    )
    limit: Limit = 10


def _query(value: QuestQueryInput) -> QuestListResult:
    if value.rewards_item:
        return _by_item(value.rewards_item, value.limit, rewards=True)
    if value.requires_item:
        return _by_item(value.requires_item, value.limit, rewards=False)
    if value.chapter:
        chapter = search.find_chapter(value.chapter)
        if chapter is None:
            return QuestListResult(message=f"No chapter matches {value.chapter!r}.", how="none")
        quests = search.with_tasks_and_rewards(chapter.quests.order_by("order"))[: value.limit]
        total = chapter.quests.count()
        return QuestListResult(
            message=f"Quests of {chapter.title} ({total} in all)",
            how="filter",
            quests=[_line(q) for q in quests],
            chapter=_chapter_line(chapter, total),
        )
    chapters = (
        Chapter.objects.select_related("group")
        .annotate(quest_count=Count("quests"))
        .order_by("book", "order")[: value.limit]
    )
    return QuestListResult(
        message="Chapters of the quest book",
        how="filter",
        chapters=[_chapter_line(c, c.quest_count) for c in chapters],
    )


def _chapter_line(chapter: Chapter, total: int) -> dict[str, Any]:
    line: dict[str, Any] = {"chapter": chapter.title, "quests": total}
    if chapter.group_id:
        line["group"] = chapter.group.title
    return line


def _by_item(name: str, limit: int, *, rewards: bool) -> QuestListResult:
    ids = search.item_ids_for(name)
    verb = "reward" if rewards else "ask for"
    if not ids:
        return QuestListResult(message=f"No quest mentions an item called {name!r}.", how="none")
    if rewards:
        lines = [
            _line(r.quest, _reward_match(r), full=False) for r in search.rewards_giving(ids, limit)
        ]
    else:
        lines = [
            _line(t.quest, TaskInfo.of(t).text(), full=False)
            for t in search.tasks_asking_for(ids, limit)
        ]
    if not lines:
        return QuestListResult(message=f"No quest {verb}s {name!r}.", how="none")
    return QuestListResult(message=f"Quests that {verb} {name!r}", how="filter", quests=lines)


def _reward_match(reward: Any) -> str:
    if reward.table is not None and not reward.item_id:
        return f"{reward.type} from reward table {reward.table.title}"
    return reward.label


async def quest_query(value: QuestQueryInput, call: ToolCall) -> QuestListResult:
    return await db(_query, value)


QUEST_QUERY = ReActTool(
    "ftb.quest.query",
    "List quests: by chapter, by rewarded item or by required item.",
    QuestQueryInput,
    quest_query,
    module=MODULE,
    observe=_observe_list,
    card=_list_card,
    sources=_list_sources,
).for_reasoning(
    "List FTB quests filtered by chapter, by an item their rewards give (rewards_item) or by "
    "an item their tasks ask for (requires_item). With no filter, lists the chapters."
)


# --- ftb.quest.detail ----------------------------------------------------------


class QuestDetailInput(ToolInput):
    quest_id: str = QUEST_ID_FIELD
    language: str | None = Field(
        None,
        max_length=16,
        description="The player's language (game code like 'zh_cn', or 'zh-hans'): the "
        "quest's titles and text come in it where the book has them.",
    )


class QuestDetailResult(BaseModel):
    found: bool
    quest_id: str
    quest: QuestInfo | None = None


def load_detail(quest_id: str, user: Any = None, language: str | None = None) -> QuestDetailResult:
    normalized = search.normalize_quest_id(quest_id) or quest_id
    detail = queries.quest_detail(normalized)
    if detail is None:
        return QuestDetailResult(found=False, quest_id=normalized)
    info = localize(QuestInfo.of(detail), detail, language)
    profile = queries.player_profile(user) if user is not None else None
    if profile is not None:
        progress = QuestProgress.objects.filter(profile=profile, quest=detail.quest).first()
        info.player_status = progress.status if progress else "not_started"
    return QuestDetailResult(found=True, quest_id=normalized, quest=info)


async def quest_detail(value: QuestDetailInput, call: ToolCall) -> QuestDetailResult:
    user = call.ctx.principal
    if user is not None and not getattr(user, "is_authenticated", False):
        user = None
    return await db(load_detail, value.quest_id, user, value.language)


def _observe_detail(out: QuestDetailResult) -> dict[str, Any]:
    if out.quest is None:
        return {"found": False, "message": f"No quest has the id {out.quest_id}."}
    return {"found": True, **out.quest.observation()}


def detail_card(out: QuestDetailResult) -> dict[str, Any] | None:
    return quest_card(out.quest) if out.quest is not None else None


def detail_sources(value: Any, out: QuestDetailResult) -> list[Source]:
    if out.quest is None:
        return []
    return [Source(f"Quest: {out.quest.title}", kind="quest", snippet=out.quest.chapter)]


QUEST_DETAIL = ReActTool(
    "ftb.quest.detail",
    "A quest's tasks, rewards and prerequisites.",
    QuestDetailInput,
    quest_detail,
    module=MODULE,
    dedupe=lambda v: search.normalize_quest_id(v.quest_id),
    observe=_observe_detail,
    card=detail_card,
    sources=detail_sources,
).for_reasoning(
    "One FTB quest by id: chapter and chapter group, tasks with counts, rewards (counts, "
    "XP, reward tables with how they are handed out and their options), the quests it "
    "depends on (with chapter and the dependency rule) and the quests it unlocks."
)

TOOLS = (QUEST_QUERY, QUEST_FIND, QUEST_DETAIL, QUEST_CLAIM)
