"""The offline planner's answers: sentences built only from what the observations say.

Each observation type has a renderer that copies names and numbers from the
result and cites the source numbers the loop attached to it. When nothing
useful was observed, the answer says so ("I could not find …").
"""

from __future__ import annotations

from collections.abc import Callable

from agentweb.engine.tokens import estimate_tokens
from agentweb.lib.language import language_of
from agentweb.llm.offline.answer_items import item_query, item_source, task_label
from agentweb.llm.offline.answer_materials import item_materials
from agentweb.llm.offline.answer_mobs import mob_drops
from agentweb.llm.offline.answer_quests import quest_detail, quest_find, quest_query
from agentweb.llm.offline.answer_uses import item_uses
from agentweb.llm.offline.answer_web import web_fetch, web_search
from agentweb.llm.offline.draft import Draft
from agentweb.llm.offline.entities import Entity
from agentweb.llm.offline.obs import Seen
from agentweb.llm.offline.parsed import ACTIONS, Intent, Parsed
from agentweb.llm.offline.passages import best_sentences
from agentweb.llm.offline.plan import (
    ITEM_MATERIALS,
    ITEM_QUERY,
    ITEM_SOURCE,
    ITEM_USES,
    KNOWLEDGE,
    MOB_DROPS,
    PLAYER_INFO,
    QUEST_DETAIL,
    QUEST_FIND,
    QUEST_QUERY,
    WEB_FETCH,
    WEB_SEARCH,
    Action,
    data_part,
    found_passage,
    relevant,
)
from agentweb.llm.offline.words import PHRASES

# Knowledge-base articles quoted in one answer: the best match (the tool ranks them).
ARTICLES_QUOTED = 1
# Room kept for the JSON around the answer text.
REPLY_OVERHEAD_TOKENS = 40


def compose(
    p: Parsed,
    seen: list[Seen],
    max_tokens: int,
    *,
    cut: tuple[str, Action] | None = None,
    known: dict[str, str] | None = None,
    entities: list[Entity] | None = None,
) -> tuple[str, list[int]]:
    """The answer text and the source numbers it cites. ``cut``: the budget that ran out
    and the step it left undone — said last, and never "not found" for that step.
    ``known``: names in the answer's language from the imported lang data."""
    names = {str(k): str(v) for k, v in (known or {}).items()}
    draft = Draft(p, seen, known=names, entities=list(entities or []))
    for obs in seen:
        if p.then is not None and obs.tool != KNOWLEDGE:
            continue  # the data on the things named comes after the passage
        if obs.ok and obs.tool in RENDERERS:
            RENDERERS[obs.tool](draft, obs)
        elif obs.ok and obs.tool is not None:
            _write_result(draft, obs)
    if p.then is not None:
        _data_after_passage(draft)
    if cut is not None:
        budget, action = cut
        key = f"budget_{budget}"
        words = draft.w(key) if key in PHRASES["en"] else budget
        draft.say("ran_out", budget=words, what=_what(draft, action))
    if not draft.parts:
        _nothing(draft)
    # The sentence saying what ran out must survive the length cut.
    return _fit(draft.parts, max_tokens, keep_last=cut is not None), draft.cites


def _data_after_passage(d: Draft) -> None:
    """A question about the pack: after the passage (or the honest miss), the data on the
    things it names — asked too, or said as all the data has when no passage answers."""
    p = d.p
    data = [s for s in d.seen if s.ok and s.tool in RENDERERS and s.tool != KNOWLEDGE]
    if not data:
        return
    data_p = data_part(p)
    if not found_passage(p, d.seen):
        if not any(s.tool == KNOWLEDGE for s in d.seen):
            _kb_none(d)
        if not p.both:  # asked only of the pack: the data is no answer, and said so
            d.say("data_instead", name=_subject(d))
    elif not p.both:
        return
    else:
        # The passage said what the quest is about; the data adds what else was asked.
        data_p.aspects = tuple(a for a in p.aspects if a != "about")
    d.p = data_p
    try:
        for obs in data:
            RENDERERS[obs.tool](d, obs)
    finally:
        d.p = p


def _subject(d: Draft) -> str:
    """What the data read for a question about the pack is about, as the answer names it:
    the things the question links, so a near name is never taken for what was asked."""
    p = d.p
    if p.then is Intent.QUEST_INFO and p.quest:
        return d.title(p.quest)
    names = [_linked_name(d, i) for i in p.items or [p.kills or ""] if i]
    return d.w("list_sep").join(dict.fromkeys(names))


def _linked_name(d: Draft, name: str) -> str:
    """An item the question linked, by its id, as the answer names it (its name in the
    answer's language); any other name as given."""
    linked = [e for e in d.entities if e.id == name]
    return linked[0].name_in(d.p.lang) if linked else d.name(name)


def _what(d: Draft, action: Action) -> str:
    """The step a budget left undone, as the answer names it."""
    given = action.input
    name = next((str(v) for v in given.values() if isinstance(v, str)), "")
    match action.tool:
        case "ftb.quest.find":
            return d.w("what_quest", name=name)
        case "ftb.quest.detail":
            return d.w("what_detail")
        case "ftb.quest.query":
            if given.get("quest_ids"):
                return d.w("what_linked")
            for field, key in (
                ("rewards_item", "what_rewarders"),
                ("requires_item", "what_requirers"),
                ("chapter", "what_chapter"),
            ):
                if given.get(field):
                    return d.w(key, name=d.name(given[field]))
            return d.w("what_chapters")
        case "item.source":
            names = given.get("item")
            names = names if isinstance(names, list) else [names]
            labels = [task_label(d, str(n)) or _linked_name(d, str(n)) for n in names]
            return d.w("what_sources", name=d.w("list_sep").join(d.names(labels)))
        case "item.query":
            return d.w("what_item", name=d.name(name))
        case "item.materials":
            return d.w("what_materials", name=d.name(name))
        case "item.uses":
            return d.w("what_uses", name=d.name(name))
        case "mob.drops":
            return d.w("what_mob_drops", name=d.name(name))
        case "database.query":
            return d.w("what_kb")
        case "web.search":
            return d.w("what_web")
        case "web.fetch":
            return d.w("what_page")
        case "player.info":
            return d.w("what_profile")
    return d.w("what_other")


def _fit(parts: list[str], max_tokens: int, *, keep_last: bool = False) -> str:
    budget = max(max_tokens - REPLY_OVERHEAD_TOKENS, 1)
    text = " ".join(parts)
    tail = parts[-1:] if keep_last and len(parts) > 1 else []
    body = parts[:-1] if tail else parts
    while len(body) > 1 and estimate_tokens(text) > budget:
        body = body[:-1]
        text = " ".join([*body, "…", *tail]) if tail else " ".join(body) + " …"
    return text


def _nothing(d: Draft) -> None:
    p = d.p
    if p.intent in ACTIONS:
        d.say("cannot_here")
    elif any(s.error is None and s.tool for s in d.seen) or not d.seen:
        if p.intent in (Intent.QUEST_INFO, Intent.QUEST_CHAIN) and (p.quest or p.quest_id):
            d.say("quest_not_found", name=p.quest or p.quest_id)
        elif p.intent in (Intent.ITEM_SOURCE, Intent.ITEM_INFO) and p.items:
            d.say("item_not_found", name=p.items[0])
        else:
            d.say("nothing" if d.seen else "no_tool")
    else:
        d.say("nothing")


# --- player, knowledge, writes ---------------------------------------------------


def _player(d: Draft, obs: Seen) -> None:
    r = obs.result
    if not r.get("found", True) or "player" not in r:
        d.parts.append(str(r.get("message", "")))
        return
    counts = d.w("list_sep").join(
        f"{n} {_status(d, status)}" for status, n in (r.get("quest_counts") or {}).items()
    )
    d.say(
        "profile",
        obs.numbers,
        player=r["player"],
        level=r.get("level"),
        balance=r.get("balance"),
        streak=r.get("signin_streak"),
        last=r.get("last_signin") or d.w("never"),
        counts=counts or d.w("none"),
    )
    d.say("signed_in_today" if r.get("signed_in_today") else "not_signed_in_today")
    quests = r.get("quests") or []
    for status in ("completed", "in_progress"):
        titles = [d.title(q["title"]) for q in quests if q.get("status") == status]
        if titles:
            d.say("profile_quests", status=_status(d, status), quests=d.join(titles))


_STATUS_KEYS = {"status_completed", "status_in_progress", "status_not_started"}


def _status(d: Draft, status: str) -> str:
    key = f"status_{status}"
    return d.w(key) if key in _STATUS_KEYS else status


def _kb_none(d: Draft) -> None:
    """Nothing in the knowledge base: with the question's words no article has, when the
    searches name them (what the server's articles lack, said as the player wrote it)."""
    missing = [
        word
        for s in d.seen
        if s.ok and s.tool == KNOWLEDGE
        for word in s.result.get("missing") or []
        if isinstance(word, str)
    ]
    words = [d.w("kb_word", word=word) for word in dict.fromkeys(missing)]
    if words:
        d.say("kb_none_words", words=d.w("list_sep").join(words))
    else:
        d.say("kb_none")


def _knowledge(d: Draft, obs: Seen) -> None:
    articles = relevant(d.p, obs)
    if not articles:
        # Another search of the same question may have found it (in the data's words).
        others = [s for s in d.seen if s.ok and s.tool == KNOWLEDGE and s is not obs]
        if not any(relevant(d.p, s) for s in others) and "kb_none" not in d.said:
            d.said.add("kb_none")
            _kb_none(d)
        return
    everything = obs.result.get("articles") or []
    for article in articles[:ARTICLES_QUOTED]:
        i = everything.index(article)
        # The question's words, and the names it links in the data's words (an English
        # passage for a Chinese question).
        asked = f"{d.p.text} {d.p.search_text or ''}"
        quote = best_sentences(str(article.get("excerpt", "")), asked, chosen=True)
        written = language_of(quote, fallback=d.p.lang)
        if written != d.p.lang:
            # Quoted, not translated: the answer says the passage is in another language.
            language = d.w(f"language_{written}")
            d.say(
                "kb_quoted", obs.number(i), title=article["title"], excerpt=quote, language=language
            )
        else:
            d.say("kb", obs.number(i), title=article["title"], excerpt=quote)


def _write_result(d: Draft, obs: Seen) -> None:
    """A write tool's own message (sign-in, purchase, claim), or the player's refusal."""
    if obs.result.get("rejected"):
        d.say("rejected")
    elif obs.result.get("message"):
        d.parts.append(str(obs.result["message"]))
        d.cites.extend(n for n in obs.numbers if n not in d.cites)


RENDERERS: dict[str, Callable[[Draft, Seen], None]] = {
    QUEST_FIND: quest_find,
    QUEST_DETAIL: quest_detail,
    QUEST_QUERY: quest_query,
    ITEM_SOURCE: item_source,
    ITEM_QUERY: item_query,
    ITEM_MATERIALS: item_materials,
    ITEM_USES: item_uses,
    MOB_DROPS: mob_drops,
    PLAYER_INFO: _player,
    KNOWLEDGE: _knowledge,
    WEB_SEARCH: web_search,
    WEB_FETCH: web_fetch,
}
