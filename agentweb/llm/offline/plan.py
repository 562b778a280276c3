"""The offline planner's next step: which tool to call, or ``None`` to answer now.

Each intent is a short recipe over the tools actually offered:

* item source: ``item.source`` per named item; a miss with candidates tries
  the candidate that fits the name;
* quest info: ``ftb.quest.find`` (or the id), then ``ftb.quest.detail`` unless
  the question only asks for the tasks, which the find result already has;
* quest chain: find the quest, then ``item.source`` for each item it asks for;
* quests by reward / by requirement / by chapter / by a word of their titles:
  ``ftb.quest.query``;
* profile: ``player.info``; knowledge: ``database.query``; item info: ``item.query``,
  then the knowledge base when no item matches;
* actions (free mode): ``player.signin``, ``shop.buy``, find then ``ftb.quest.claim``.

An action already in the observations is never proposed again, so a recipe
simply moves on (and ends in an answer) when its step was taken.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from agentweb.lib.named_things import about_named
from agentweb.llm.offline import text as w
from agentweb.llm.offline.obs import Seen, last, tried
from agentweb.llm.offline.parsed import Intent, Parsed, merged, pack_words, without_spans

ITEM_QUERY, ITEM_SOURCE = "item.query", "item.source"
QUEST_FIND, QUEST_DETAIL, QUEST_QUERY = "ftb.quest.find", "ftb.quest.detail", "ftb.quest.query"
QUEST_CLAIM, PLAYER_INFO, KNOWLEDGE = "ftb.quest.claim", "player.info", "database.query"
SIGNIN, SHOP_BUY = "player.signin", "shop.buy"
ITEM_MATERIALS, WEB_SEARCH, WEB_FETCH = "item.materials", "web.search", "web.fetch"
MOB_DROPS, ITEM_USES = "mob.drops", "item.uses"
MAX_KB_QUERY = 200
# A question about the pack searched without its asking words keeps at least this much.
MIN_TOPIC_CHARS = 2
# Pages read of one web search: the first result that answers; more is another question.
PAGES_READ = 1
# Names one item lookup or bill takes (the tools' own limit).
MAX_LISTED = 8


@dataclass(frozen=True, slots=True)
class Action:
    tool: str
    input: dict[str, Any] = field(default_factory=dict)


def next_action(
    p: Parsed, seen: list[Seen], tools: set[str], room: int | None = None
) -> Action | None:
    """The first step of the intent's recipe that is offered and not yet taken; ``room``:
    the tool calls the run may still make, when the request says (``None``: enough)."""
    for action in _recipe(p, seen, tools, room):
        if action is None:
            return None
        if action.tool in tools and not tried(seen, action.tool, **action.input):
            return action
    return None


def _recipe(p: Parsed, seen: list[Seen], tools: set[str], room: int | None = None):
    """Candidate steps in order; a ``None`` means "stop here and answer"."""
    match p.intent:
        case Intent.PROFILE:
            yield Action(PLAYER_INFO)
        case Intent.ITEM_SOURCE:
            yield from _item_sources(p, seen, tools)
        case Intent.ITEM_USES:
            yield from _item_uses(p, seen, tools)
        case Intent.MOB_DROPS if p.mob:
            yield Action(
                MOB_DROPS, {"mob": p.mob, **({"item": p.drop_item} if p.drop_item else {})}
            )
        case Intent.ITEM_INFO:
            yield from _item_info(p, seen)
        case Intent.QUEST_INFO | Intent.QUEST_CHAIN | Intent.CLAIM:
            yield from _quest(p, seen, tools)
        case Intent.QUEST_REWARDERS if p.reward_type:
            yield Action(QUEST_QUERY, {"reward_type": p.reward_type, **p.scope, "limit": 20})
        case Intent.QUEST_REQUIRERS if p.task_type:
            yield Action(QUEST_QUERY, {"task_type": p.task_type, **p.scope, "limit": 20})
        case Intent.QUEST_REWARDERS:
            yield Action(QUEST_QUERY, {"rewards_item": p.items[0], **p.scope})
            if p.also_requirers:
                yield Action(QUEST_QUERY, {"requires_item": p.items[0], **p.scope})
        case Intent.QUEST_REQUIRERS:
            yield Action(QUEST_QUERY, {"requires_item": p.items[0], **p.scope})
        case Intent.QUEST_KILLERS:
            target = {"kills": p.kills} if p.kills else {"task_type": "kill", "limit": 20}
            yield Action(QUEST_QUERY, {**target, **p.scope})
        case Intent.CHAPTER:
            yield from _chapter(p, seen)
        case Intent.QUEST_TITLES:
            yield Action(QUEST_QUERY, {"title_contains": p.title_word, **p.scope, "limit": 20})
        case Intent.GROUP:
            yield Action(QUEST_QUERY, _only({"group": p.group, "book": p.book}))
        case Intent.BOOK:
            yield Action(QUEST_QUERY, {"book": p.book})
        case Intent.REWARD_TABLE:
            yield Action(QUEST_QUERY, _only({"reward_table": p.table, "book": p.scope.get("book")}))
        case Intent.ITEM_MATERIALS:
            if len(p.quantities) > 1:
                wanted = zip(p.items, p.quantities, strict=False)
                items = [{"item": item, "count": count} for item, count in wanted]
                yield Action(ITEM_MATERIALS, {"items": items[:MAX_LISTED]})
            else:
                yield Action(ITEM_MATERIALS, {"item": p.items[0], "count": p.quantity})
        case Intent.SIGNIN:
            yield Action(SIGNIN)
        case Intent.BUY:
            yield Action(SHOP_BUY, {"item": p.items[0], "quantity": p.quantity})
        case Intent.KNOWLEDGE if p.then is not None:
            yield from _about_the_pack(p, seen, tools, room)
        case Intent.KNOWLEDGE:
            yield from _knowledge_or_web(p, seen, tools)
        case Intent.SMALL_TALK:
            yield None


def _only(fields: dict[str, Any]) -> dict[str, Any]:
    """The fields that have a value (a tool input leaves the others out)."""
    return {key: value for key, value in fields.items() if value}


def _knowledge(p: Parsed) -> Action:
    """The question as the search terms."""
    return Action(KNOWLEDGE, {"query": p.text[:MAX_KB_QUERY]})


def relevant(p: Parsed, kb: Seen) -> list[dict]:
    """The articles a knowledge search found that are about what the question names."""
    articles = [a for a in kb.result.get("articles") or [] if isinstance(a, dict)]
    return [a for a in articles if about_named(a, p.named)]


def _knowledge_again(p: Parsed) -> list[Action]:
    """The searches after the question as asked found nothing (a Chinese question, an
    English passage: "安山岩" is Andesite): the question with the things it names in the
    data's words, then those names alone — the database's ranking picks the passage."""
    queries = [q for q in (p.search_text, p.search_names) if q and q != p.text]
    return [Action(KNOWLEDGE, {"query": q[:MAX_KB_QUERY]}) for q in dict.fromkeys(queries)]


def data_part(p: Parsed) -> Parsed:
    """The data's part of a question about the pack: its recipe for the things named."""
    return replace(p, intent=p.then or p.intent, then=None, items=list(p.items))


def found_passage(p: Parsed, seen: list[Seen]) -> bool:
    """A knowledge search of the question found a passage about what it names."""
    return any(s.ok and s.tool == KNOWLEDGE and relevant(p, s) for s in seen)


def _about_the_pack(p: Parsed, seen: list[Seen], tools: set[str], room: int | None):
    """The knowledge base (the question, then in the data's words), then the data on the
    things named: when asked too (``p.both``), or when no passage answers. With one tool
    call left and no passage yet, the data is read instead of searching again — except
    for a question whether something is so, which searches the names it links first
    (``p.by_names``): the pack's word answers it, the data only adds to it."""
    yield Action(KNOWLEDGE, {"query": topic(p)[:MAX_KB_QUERY]})
    data_read = any(s.tool not in (KNOWLEDGE, None) for s in seen)
    if not found_passage(p, seen) and not data_read:
        # Whether something is so: the pack's word on the things named (their names as the
        # question writes them) before their data, even with one call left.
        first = [Action(KNOWLEDGE, {"query": p.by_names[:MAX_KB_QUERY]})] if p.by_names else []
        for again in [*first, *_knowledge_again(p)]:
            short = room is not None and room <= 1 and again not in first
            if short and last(seen, KNOWLEDGE, **again.input) is None:
                break
            yield again
            if found_passage(p, seen):
                break
    if (found_passage(p, seen) and not p.both) or data_read:
        return  # one look at the data: the item's sources, or the quest's detail
    yield from _recipe(data_part(p), seen, tools)


def topic(p: Parsed) -> str:
    """The question without the words that ask about the pack ("is it worth", "a bug",
    "会发生什么"): no passage repeats them, and a word no passage has costs the search."""
    howto = w.HOWTO_ZH if p.lang == "zh" else w.HOWTO_EN
    spans = [*pack_words(p.text, p.lang), *(m.span() for m in howto.finditer(p.text.lower()))]
    rest = " ".join(without_spans(p.text, merged(spans)).split())
    return rest if len(re.sub(r"\W", "", rest)) >= MIN_TOPIC_CHARS else p.text


def _knowledge_or_web(p: Parsed, seen: list[Seen], tools: set[str]):
    """The knowledge base; when it has nothing (or is not offered) and the web is,
    a web search, then the first result's page."""
    kb = last(seen, KNOWLEDGE)
    if KNOWLEDGE in tools or kb is not None:
        yield _knowledge(p)
        if kb is None or not kb.ok or relevant(p, kb):
            return
        for again in _knowledge_again(p):
            if KNOWLEDGE not in tools:
                break
            yield again
            found = last(seen, KNOWLEDGE, **again.input)
            if found is None or not found.ok or relevant(p, found):
                return
    if WEB_SEARCH not in tools and WEB_FETCH not in tools:
        return
    yield Action(WEB_SEARCH, {"query": p.text[:MAX_KB_QUERY]})
    found = last(seen, WEB_SEARCH)
    results = found.result.get("results") if found is not None and found.ok else None
    fetched = [s for s in seen if s.tool == WEB_FETCH]
    if not results or len(fetched) >= PAGES_READ:
        return
    for result in results:
        if isinstance(result, dict) and result.get("url"):
            yield Action(WEB_FETCH, {"url": result["url"]})
            return


def source_kind(p: Parsed) -> str:
    """``item.source``'s kind for what the question asks: only drops, only cooking, or any."""
    if p.asks("drops") and not p.asks("craft", "cooking"):
        return "drops"
    if p.asks("cooking") and not p.asks("craft", "drops"):
        return "cooking"
    return "any"


def _item_sources(p: Parsed, seen: list[Seen], tools: set[str]):
    if ITEM_SOURCE not in tools:
        for name in p.items:
            yield Action(ITEM_QUERY, {"name": name})
        return
    kind = source_kind(p)
    extra = {"kind": kind} if kind != "any" else {}
    if len(p.items) > 1:
        # Every item in one call (three rounds allow two tools).
        yield Action(ITEM_SOURCE, {"item": p.items[:MAX_LISTED], **extra})
    missed = False
    for name in p.items:
        obs = last(seen, ITEM_SOURCE, item=name)
        if obs is None:
            yield Action(ITEM_SOURCE, {"item": name, **extra})
            continue
        found, cooks = obs.result.get("found"), obs.result.get("cooks_into")
        if obs.ok and found and not obs.result.get("count") and not cooks:
            # No recipe, cooking or drop: a quest may still give it ("how do I get a trident?").
            yield Action(QUEST_QUERY, {"rewards_item": obs.result.get("item") or name})
        if not obs.ok or obs.result.get("found"):
            continue
        best = best_candidate(name, obs.result.get("candidates") or [])
        if best:
            yield Action(ITEM_SOURCE, {"item": best, **extra})
        else:
            missed = True
    if missed and not p.asks("craft", "cooking", "drops", "food"):
        # "Where do I find a blaze if there is no nether?": not an item, maybe lore.
        yield _knowledge(p)


def _item_uses(p: Parsed, seen: list[Seen], tools: set[str]):
    """What the item is used for (at the station named, if one is); a name that is not
    the item's tries the candidate that is; without the tool, where it comes from."""
    if ITEM_USES not in tools:
        yield from _item_sources(p, seen, tools)
        return
    at = {"station": p.station} if p.station else {}
    yield Action(ITEM_USES, {"item": p.items[0], **at})
    obs = last(seen, ITEM_USES, item=p.items[0])
    if obs is not None and obs.ok and not obs.result.get("found"):
        best = best_candidate(p.items[0], obs.result.get("candidates") or [])
        if best:
            yield Action(ITEM_USES, {"item": best, **at})


def best_candidate(name: str, candidates: list[str]) -> str | None:
    """The candidate that is the name asked (ignoring case); ``None`` otherwise — a name
    with more or other words is another thing, which the answer offers instead. (The
    tools already take typos, plurals and other languages for the name itself.)"""
    exact = [c for c in candidates if c.casefold() == name.casefold()]
    return exact[0] if exact else None


# The items of a tag one lookup names (the tool's limit).
MAX_TAG_ITEMS = 20
# Items compared in one question ("is cooked porkchop more filling than bread?").
ITEMS_COMPARED = 2


def _item_info(p: Parsed, seen: list[Seen]):
    if p.tag:
        yield Action(ITEM_QUERY, {"name": f"#{p.tag}", "limit": MAX_TAG_ITEMS})
        return
    for name in p.items[:ITEMS_COMPARED]:
        yield Action(ITEM_QUERY, {"name": name})
    obs = last(seen, ITEM_QUERY, name=p.items[0])
    if obs is not None and not obs.result.get("count") and not p.asks("food"):
        yield _knowledge(p)


def chosen_quest(p: Parsed, seen: list[Seen]) -> dict[str, Any] | None:
    """The quest the question names among the find results, or ``None``.

    An exact title wins (the first, when titles repeat across chapters); a close title
    only when it is the same name misspelled (the tool marks the others ``near``). A
    quest found by the words of its text, or by a close title that names another
    quest, is never taken for the one asked: the answer offers them instead.
    """
    if p.quest is None:
        return None
    obs = last(seen, QUEST_FIND, title=p.quest)
    quests = obs.result.get("quests") if obs is not None and obs.ok else None
    if not quests or obs.result.get("match") == "text":
        return None
    titles = [str(quest.get("title", "")) for quest in quests]
    exact = [q for q, t in zip(quests, titles, strict=True) if t.casefold() == p.quest.casefold()]
    if exact:
        return exact[0]
    meant = [q for q in quests if not q.get("near")]
    return meant[0] if meant else None


# Aspects the find result already answers: no detail needed for them.
FOUND_ASPECTS = frozenset({"tasks", "chapter"})
# Aspects only the detail has.
DETAIL_ONLY = frozenset({"group", "prerequisites", "unlocks"})


def _quest(p: Parsed, seen: list[Seen], tools: set[str]):
    quest_id = p.quest_id
    quest = None
    if quest_id is None:
        yield Action(QUEST_FIND, {"title": p.quest})
        quest = chosen_quest(p, seen)
        if quest is None:
            if not p.said_quest and p.quest:
                # "What does a diamond sword need?": not a quest, so maybe an item.
                yield Action(ITEM_SOURCE, {"item": p.quest})
            yield None
            return
        quest_id = quest["quest_id"]
    if p.intent is Intent.CLAIM:
        yield Action(QUEST_CLAIM, {"quest_id": quest_id})
        return
    detail = last(seen, QUEST_DETAIL, quest_id=quest_id)
    asked = set(p.quest_aspects())
    needs_detail = quest is None or (p.intent is Intent.QUEST_INFO and not asked <= FOUND_ASPECTS)
    # A chain question that also asks two things only the detail has ("… how do I get it,
    # what comes before it and what does it unlock"): the detail answers more of it.
    needs_detail |= p.intent is Intent.QUEST_CHAIN and len(asked & DETAIL_ONLY) >= 2
    if needs_detail:
        yield Action(QUEST_DETAIL, {"quest_id": quest_id})
    if p.linked_tasks:
        yield from _linked_quests(detail, p.linked_tasks)
        return
    if p.intent is not Intent.QUEST_CHAIN:
        return
    source = detail.result if detail is not None and detail.ok else quest or {}
    wanted = [t for t in source.get("tasks") or [] if t.get("item_id")]
    if not wanted:
        return
    if p.counted and any(t["item_id"] == p.counted for t in wanted):
        return  # "how many ladders for Into the Shaft": its own task, said by the detail
    if p.materials:
        # One bill for every item the quest asks for, with its count.
        items = [{"item": t["item_id"], "count": _task_count(t)} for t in wanted]
        if len(items) == 1:
            yield Action(ITEM_MATERIALS, items[0])
        else:
            yield Action(ITEM_MATERIALS, {"items": items[:MAX_LISTED]})
        return
    ids = list(dict.fromkeys(t["item_id"] for t in wanted))
    # Every item in one call: three rounds allow two tools.
    yield Action(ITEM_SOURCE, {"item": ids[0] if len(ids) == 1 else ids[:MAX_LISTED]})


def _linked_quests(detail: Seen | None, link: str):
    """Every quest before or after this one (``link``: ``prerequisites`` or ``unlocks``)
    that the detail named, read at once (their tasks and rewards)."""
    found = detail.result.get(link) if detail is not None and detail.ok else None
    ids = [q["quest_id"] for q in found or [] if isinstance(q, dict) and q.get("quest_id")]
    if ids:
        yield Action(QUEST_QUERY, {"quest_ids": ids[:MAX_LISTED]})


def _task_count(task: dict[str, Any]) -> int:
    """How many of its item a task wants ("6× Bread" → 6)."""
    count = re.match(r"^(\d+)×", str(task.get("task", "")))
    return int(count.group(1)) if count else 1


def _chapter(p: Parsed, seen: list[Seen]):
    yield Action(QUEST_QUERY, _only({"chapter": p.chapter, "book": p.scope.get("book")}))
    if not p.asks("group"):
        return
    # The chapter's group is on each of its quests' details.
    obs = last(seen, QUEST_QUERY, chapter=p.chapter)  # the book may be given too
    quests = obs.result.get("quests") if obs is not None and obs.ok else None
    if quests and not isinstance(obs.result.get("chapter"), dict):
        yield Action(QUEST_DETAIL, {"quest_id": quests[0]["quest_id"]})
