"""The offline planner's answers: sentences built only from what the observations say.

Each observation type has a renderer that copies names and numbers from the
result and cites the source numbers the loop attached to it. When nothing
useful was observed, the answer says so ("I could not find …").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from agentweb.engine.tokens import estimate_tokens
from agentweb.llm.offline.answer_items import item_query, item_source
from agentweb.llm.offline.answer_quests import quest_detail, quest_find, quest_query
from agentweb.llm.offline.draft import Draft
from agentweb.llm.offline.intent import ACTIONS, Intent, Parsed
from agentweb.llm.offline.obs import Seen
from agentweb.llm.offline.plan import (
    ITEM_QUERY,
    ITEM_SOURCE,
    KNOWLEDGE,
    PLAYER_INFO,
    QUEST_DETAIL,
    QUEST_FIND,
    QUEST_QUERY,
)
from agentweb.llm.offline.text import NOT_NAMES

# Knowledge-base articles quoted in one answer: the best match (the tool ranks them).
ARTICLES_QUOTED = 1
# Sentences of that article quoted: the ones that share the most words with the question.
SENTENCES_QUOTED = 2
# Room kept for the JSON around the answer text.
REPLY_OVERHEAD_TOKENS = 40
SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s+")
WORD = re.compile(r"[a-z0-9']+|[\u4e00-\u9fff]")


def compose(p: Parsed, seen: list[Seen], max_tokens: int) -> tuple[str, list[int]]:
    """The answer text and the source numbers it cites."""
    draft = Draft(p, seen)
    for obs in seen:
        if obs.ok and obs.tool in RENDERERS:
            RENDERERS[obs.tool](draft, obs)
        elif obs.ok and obs.tool is not None:
            _write_result(draft, obs)
    if not draft.parts:
        _nothing(draft)
    return _fit(draft.parts, max_tokens), draft.cites


def _fit(parts: list[str], max_tokens: int) -> str:
    budget = max(max_tokens - REPLY_OVERHEAD_TOKENS, 1)
    text = " ".join(parts)
    while len(parts) > 1 and estimate_tokens(text) > budget:
        parts = parts[:-1]
        text = " ".join(parts) + " …"
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
        titles = [q["title"] for q in quests if q.get("status") == status]
        if titles:
            d.say("profile_quests", status=_status(d, status), quests=d.join(titles))


_STATUS_KEYS = {"status_completed", "status_in_progress", "status_not_started"}


def _status(d: Draft, status: str) -> str:
    key = f"status_{status}"
    return d.w(key) if key in _STATUS_KEYS else status


def _knowledge(d: Draft, obs: Seen) -> None:
    articles = obs.result.get("articles") or []
    if not articles:
        d.say("kb_none")
        return
    for i, article in enumerate(articles[:ARTICLES_QUOTED]):
        quote = best_sentences(str(article.get("excerpt", "")), d.p.text)
        d.say("kb", obs.number(i), title=article["title"], excerpt=quote)


def best_sentences(text: str, question: str, keep: int = SENTENCES_QUOTED) -> str:
    """The sentences of ``text`` sharing the most words with the question, in their order.

    The tool already picked the passage; this only trims it to what answers the
    question, so a long article is not quoted from its start.
    """
    sentences = [s.strip() for s in SENTENCE_END.split(" ".join(text.split())) if s.strip()]
    if len(sentences) <= keep:
        return " ".join(sentences)
    wanted = {w for w in WORD.findall(question.lower()) if w not in NOT_NAMES and len(w) > 2}
    wanted |= {w.rstrip("s") for w in wanted}

    def overlap(i: int) -> int:
        words = set(WORD.findall(sentences[i].lower()))
        return len(wanted & (words | {w.rstrip("s") for w in words}))

    best = sorted(range(len(sentences)), key=lambda i: (-overlap(i), i))[:keep]
    return " ".join(sentences[i] for i in sorted(best))


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
    PLAYER_INFO: _player,
    KNOWLEDGE: _knowledge,
}
