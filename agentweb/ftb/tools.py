"""FTB quest tools: ``ftb.quest.query``, ``ftb.quest.find``, ``ftb.quest.detail`` (read-only)
and ``ftb.quest.claim`` (a write, in ``agentweb.ftb.claim``)."""

from __future__ import annotations

from typing import Annotated, Any

from django.utils.translation import gettext as _
from pydantic import BaseModel, Field, StringConstraints

from agentweb.engine import ReActTool, Source, ToolCall
from agentweb.ftb import search
from agentweb.ftb.claim import QUEST_CLAIM
from agentweb.ftb.quest_lists import QuestListResult, line, list_quests
from agentweb.ftb.quest_results import (
    QuestInfo,
    localize,
    quest_card,
    quest_list_card,
)
from agentweb.game import queries
from agentweb.game.models import DocumentKind, Quest, QuestProgress, TaskType
from agentweb.game.search import analyse
from agentweb.game.search.passages import best_passage
from agentweb.game.search.same_name import named_in_part, same_name
from agentweb.game.tools.common import DEFAULT_LIMIT, MAX_NAME, Limit, ToolInput, clip, db
from agentweb.game.tools.items import LANGUAGE_FIELD
from agentweb.game.tools.shown import Shown, shown_in

MODULE = "game.ftb"
QUEST_ID_TEXT = r"^[0-9A-Fa-f]{1,16}$"
# Characters of a quest's text quoted when its text, not its title, matched.
MATCHED_CHARS = 200
QUEST_ID_FIELD = Field(
    min_length=1,
    max_length=16,
    pattern=QUEST_ID_TEXT,
    description="The quest's 16-hex-digit id, e.g. '6BB9DBAA8307942C'.",
)
# A quest id in a list (``ftb.quest.query``'s ``quest_ids``), and how many one call takes.
QuestId = Annotated[str, StringConstraints(min_length=1, max_length=16, pattern=QUEST_ID_TEXT)]
MAX_QUEST_IDS = 8


def _observe_list(out: QuestListResult) -> dict[str, Any]:
    data: dict[str, Any] = {"message": out.message, "count": len(out.quests)}
    if out.how not in ("title", "filter"):
        data["match"] = out.how
    if out.quests:
        data["quests"] = [q.brief() for q in out.quests]
    if out.chapters:
        data["chapters"] = out.chapters
        if out.more_chapters:
            data["more"] = out.more_chapters
    if out.chapter:
        data["chapter"] = out.chapter
    if out.total is not None and (out.chapters or out.quests):
        data["total"] = out.total
    if out.table:
        data["table"] = out.table
    if out.unknown_chapter:
        data["unknown_chapter"] = out.unknown_chapter
        if out.chapter_candidates:
            data["chapter_candidates"] = out.chapter_candidates
            data["near"] = out.near
    return data


def _list_card(out: QuestListResult) -> dict[str, Any] | None:
    """The list as a card, every title, chapter and group as the answer names it."""
    shown = out.shown
    if out.chapters:
        chapters = [_named_chapter(c, shown) for c in out.chapters]
        return {"kind": "chapter_list", "title": _list_title(out), "chapters": chapters}
    if not out.quests:
        return None
    quests = []
    for q in out.quests:
        brief = q.brief()
        brief.update(title=shown.title(q.quest.title), chapter=shown.title(q.quest.chapter))
        if q.rewards:
            brief["rewards"] = shown.all(r.label for r in q.rewards)
        quests.append(brief)
    return quest_list_card(_list_title(out), quests)


def _named_chapter(line: dict[str, Any], shown: Shown) -> dict[str, Any]:
    named = dict(line)
    for key in ("chapter", "group"):
        if isinstance(named.get(key), str):
            named[key] = shown.title(named[key])
    return named


def _list_title(out: QuestListResult) -> str:
    """The tool's message in English; in another language, what the list is in its words."""
    if out.shown.english:
        return out.message
    with out.shown.speaking():
        if out.chapters:
            return _("Chapters (%(chapters)d, %(total)d quests in all)") % {
                "chapters": len(out.chapters),
                "total": out.total or 0,
            }
        if out.chapter and out.chapter.get("chapter"):
            return _("Quests of %(chapter)s (%(total)d in all)") % {
                "chapter": out.shown.title(str(out.chapter["chapter"])),
                "total": out.total or len(out.quests),
            }
        return _("Quests found: %(count)d") % {"count": out.total or len(out.quests)}


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
    language: str | None = LANGUAGE_FIELD


def _find(value: QuestFindInput) -> QuestListResult:
    return _named(_found(value), value.language)


def _named(out: QuestListResult, language: str | None) -> QuestListResult:
    """``out`` with its names as an answer in ``language`` shows them, for its card."""
    out.shown = shown_in(language, out.names(), out.titles())
    return out


def _found(value: QuestFindInput) -> QuestListResult:
    found, how = search.find_quests(value.title, value.limit)
    if not found:
        return QuestListResult(message=f"No quest title matches {value.title!r}.", how=how)
    if how == "fuzzy":
        # A close title may be another quest: "near" unless it is the name misspelled.
        lines = [line(q, near=not _meant(value.title, q.title)) for q in found]
    elif how != "text":
        lines = [line(q) for q in found]
    else:
        # No title matched: say where the words are, so the answer can quote it.
        terms = analyse(value.title, [DocumentKind.QUEST])[0].terms
        lines = [line(q, _text_match(q, terms)) for q in found]
    return QuestListResult(message=f"Quests matching {value.title!r}", how=how, quests=lines)


def _meant(asked: str, title: str) -> bool:
    """A close title is the one asked for when it is that name misspelled, or the name
    in part; else it is another quest's, only to be offered."""
    return same_name(asked, title) or named_in_part(asked, title)


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
        None,
        max_length=MAX_NAME,
        description="Only quests of this chapter: its title, or its number as the player "
        "wrote it ('chapter two', '第二章', 'the first chapter').",
    )
    book: str | None = Field(None, max_length=MAX_NAME, description="Only this book.")
    group: str | None = Field(None, max_length=MAX_NAME, description="Only this chapter group.")
    kills: str | None = Field(None, max_length=MAX_NAME, description="A mob kill tasks name.")
    task_type: TaskType | None = Field(None, description="A task type ('kill': any mob).")
    reward_type: str | None = Field(
        None, max_length=32, pattern=r"^[a-z_]+$", description="A reward type ('xp', 'item'…)."
    )
    reward_table: str | None = Field(
        None, max_length=MAX_NAME, description="A reward table: its entries and givers."
    )
    rewards_item: str | None = Field(
        None, max_length=MAX_NAME, description="Only quests whose rewards give this item."
    )
    requires_item: str | None = Field(
        None, max_length=MAX_NAME, description="Only quests whose tasks ask for this item."
    )
    title_contains: str | None = Field(
        None,
        max_length=MAX_NAME,
        description="Only quests whose title (in any language) contains this word, counted.",
    )
    quest_ids: list[QuestId] | None = Field(
        None,
        min_length=1,
        max_length=MAX_QUEST_IDS,
        description="These quests by id (a quest's prerequisites or unlocks, say), in this "
        "order, each with its tasks and rewards.",
    )
    limit: Limit = 10
    language: str | None = LANGUAGE_FIELD


def _query(value: QuestQueryInput) -> QuestListResult:
    return _named(list_quests(value), value.language)


async def quest_query(value: QuestQueryInput, call: ToolCall) -> QuestListResult:
    return await db(_query, value)


QUEST_QUERY = ReActTool(
    "ftb.quest.query",
    "List quests: by id, chapter, title word, rewarded or required item, or kill target; "
    "list chapters.",
    QuestQueryInput,
    quest_query,
    module=MODULE,
    observe=_observe_list,
    card=_list_card,
    sources=_list_sources,
).for_reasoning(
    "List FTB quests by what their rewards give (rewards_item, reward_type, reward_table), "
    "what their tasks ask for (requires_item, kills, task_type), each once with what "
    "matched; book, group and chapter limit any list. quest_ids: several quests at once "
    "(the prerequisites a detail named), each with its tasks and rewards. title_contains: "
    "the quests whose titles contain a word, and how many. Else a chapter's "
    "quests, or the "
    "chapters of a book or group with their quest counts and the total."
)


# --- ftb.quest.detail ----------------------------------------------------------


class QuestDetailInput(ToolInput):
    quest_id: str = QUEST_ID_FIELD
    language: str | None = Field(
        None,
        max_length=16,
        description="The player's language (game code like 'zh_cn', or 'zh-hans'): the "
        "quest's titles and text come in it where the book has them. Left out, the run's language.",
    )


class QuestDetailResult(BaseModel):
    found: bool
    quest_id: str
    quest: QuestInfo | None = None
    # How the card names things (not the model's: it reads the names as found).
    shown: Shown = Field(default_factory=Shown, exclude=True)


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
    shown = shown_in(language, info.names(), info.titles())
    return QuestDetailResult(found=True, quest_id=normalized, quest=info, shown=shown)


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
    return quest_card(out.quest, out.shown) if out.quest is not None else None


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
