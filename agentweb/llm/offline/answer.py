"""The offline planner's answers: sentences built only from what the observations say.

Each observation type has a renderer that copies names and numbers from the
result and cites the source numbers the loop attached to it. When nothing
useful was observed, the answer says so ("I could not find …").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from agentweb.engine.tokens import estimate_tokens
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
    chosen_quest,
)
from agentweb.llm.offline.words import phrase

# Knowledge-base articles quoted in one answer: the best match (the tool ranks them).
ARTICLES_QUOTED = 1
# Quests named in a list answer; the cards have the rest.
QUESTS_LISTED = 10
# Room kept for the JSON around the answer text.
REPLY_OVERHEAD_TOKENS = 40


@dataclass
class Draft:
    p: Parsed
    seen: list[Seen]
    parts: list[str] = field(default_factory=list)
    cites: list[int] = field(default_factory=list)

    def say(self, key: str, numbers: Sequence[int] = (), **values: Any) -> None:
        self.parts.append(phrase(self.p.lang, key, **values))
        self.cites.extend(n for n in numbers if n not in self.cites)

    def w(self, key: str) -> str:
        return phrase(self.p.lang, key)

    def join(self, values: list[str]) -> str:
        return self.w("sep").join(values) if values else self.w("none")


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


# --- quests ---------------------------------------------------------------------


def _quest_find(d: Draft, obs: Seen) -> None:
    quests = obs.result.get("quests") or []
    if not quests:
        if d.p.intent in (Intent.QUEST_INFO, Intent.QUEST_CHAIN, Intent.CLAIM):
            d.say("quest_not_found", name=obs.input.get("title", ""))
        return
    chosen = chosen_quest(d.p, d.seen) or quests[0]
    if any(s.ok and s.matches(QUEST_DETAIL, quest_id=chosen["quest_id"]) for s in d.seen):
        return  # the detail says it all
    numbers = obs.number(quests.index(chosen))
    tasks = [t["task"] for t in chosen.get("tasks") or []]
    if d.p.aspect != "rewards" or d.p.intent is Intent.QUEST_CHAIN:
        key = "quest_tasks" if tasks else "quest_no_tasks"
        d.say(key, numbers, title=chosen["title"], chapter=chosen["chapter"], tasks=d.join(tasks))
    if d.p.aspect in ("rewards", "all") and d.p.intent is not Intent.QUEST_CHAIN:
        rewards = chosen.get("rewards") or []
        key = "quest_rewards" if rewards else "quest_no_rewards"
        d.say(key, numbers, title=chosen["title"], rewards=d.join(rewards))


def _quest_detail(d: Draft, obs: Seen) -> None:
    r = obs.result
    if not r.get("found"):
        d.say("quest_id_not_found", name=obs.input.get("quest_id", ""))
        return
    numbers = obs.numbers
    title, chapter = r["title"], r["chapter"]
    aspect = "tasks" if d.p.intent is Intent.QUEST_CHAIN else d.p.aspect
    if aspect in ("tasks", "all"):
        tasks = [t["task"] for t in r.get("tasks") or []]
        key = "quest_tasks" if tasks else "quest_no_tasks"
        d.say(key, numbers, title=title, chapter=chapter, tasks=d.join(tasks))
    if aspect in ("rewards", "all"):
        rewards = [_reward_text(d, reward) for reward in r.get("rewards") or []]
        key = "quest_rewards" if rewards else "quest_no_rewards"
        d.say(key, numbers, title=title, rewards=d.join(rewards))
    if aspect in ("prerequisites", "all"):
        prereqs = [f"{q['title']} ({q['chapter']})" for q in r.get("prerequisites") or []]
        if prereqs:
            rule = d.w(r.get("prerequisite_rule", "all_completed")) if len(prereqs) > 1 else ""
            rule = rule or d.w("all_completed")
            d.say(
                "prereqs", numbers, title=title, chapter=chapter, rule=rule, quests=d.join(prereqs)
            )
        else:
            d.say("no_prereqs", numbers, title=title, chapter=chapter)
    if aspect in ("unlocks", "all"):
        unlocks = list(r.get("unlocks") or [])
        key = "unlocks" if unlocks else "no_unlocks"
        d.say(key, numbers, title=title, quests=d.join(unlocks))


def _reward_text(d: Draft, reward: dict[str, Any]) -> str:
    label = reward.get("reward", "")
    table = reward.get("table")
    if not table:
        return label
    items = list(reward.get("table_items") or [])
    if reward.get("table_more"):
        items.append(f"+{reward['table_more']}")
    return phrase(d.p.lang, "table", reward=label, table=table, items=", ".join(items))


def _quest_query(d: Draft, obs: Seen) -> None:
    r = obs.result
    if r.get("chapters"):
        chapters = [f"{c['chapter']} ({c['quests']})" for c in r["chapters"]]
        d.say("chapters", obs.numbers, chapters=d.join(chapters))
        return
    quests = r.get("quests") or []
    if not quests:
        name = obs.input.get("rewards_item") or obs.input.get("requires_item")
        if obs.input.get("rewards_item"):
            d.say("rewarders_none", name=name)
        elif name:
            d.say("requirers_none", name=name)
        else:
            d.parts.append(str(r.get("message", "")))
        return
    shown = quests[:QUESTS_LISTED]
    in_chapter = bool(obs.input.get("chapter"))  # the message names the chapter already
    lines = [
        (q["title"] if in_chapter else f"{q['title']} ({q['chapter']})")
        + (f" — {q['matched']}" if q.get("matched") else "")
        for q in shown
    ]
    d.say("listed", obs.numbers[: len(shown)], message=r.get("message", ""), quests=d.join(lines))


# --- items ----------------------------------------------------------------------


def _item_source(d: Draft, obs: Seen) -> None:
    r = obs.result
    name = obs.input.get("item", "")
    if r.get("found"):
        ways = [w["how"] for w in r.get("ways") or []]
        if not ways:
            d.say("item_none", obs.numbers, item=r["item"])
            return
        if r.get("more"):
            ways.append(phrase(d.p.lang, "item_more", count=r["more"]))
        d.say("item_ways", obs.numbers, item=r["item"], ways=d.join(ways))
        return
    candidates = r.get("candidates") or []
    later = {s.result.get("item") for s in d.seen if s.n > obs.n and s.result.get("found")}
    if later & set(candidates):
        return  # a later lookup found the one meant
    label = _task_label(d, name) or name
    if candidates:
        d.say("item_candidates", name=label, names=", ".join(candidates))
    else:
        d.say("item_not_found", name=label)


def _task_label(d: Draft, item_id: str) -> str | None:
    """How a quest task names an item id (modded items are not in the item data)."""
    for s in d.seen:
        quests = s.result.get("quests") or ([s.result] if s.tool == QUEST_DETAIL else [])
        for quest in quests:
            for task in quest.get("tasks") or []:
                if task.get("item_id") == item_id:
                    return str(task["task"]).split("× ", 1)[-1]
    return None


def _item_query(d: Draft, obs: Seen) -> None:
    r = obs.result
    if not r.get("count"):
        if not any(s.tool == KNOWLEDGE for s in d.seen):
            d.say("item_not_found", name=obs.input.get("name", ""))
        return
    matches = r.get("matches") or []
    query = str(r.get("query", ""))
    exact = [i for i, m in enumerate(matches) if m["name"].casefold() == query.casefold()]
    shown = exact[:1] or list(range(len(matches)))
    facts = [
        phrase(d.p.lang, "item_facts", name=m["name"], item_id=m["item_id"], stack=m["stack_size"])
        for m in (matches[i] for i in shown)
    ]
    numbers = [n for i in shown for n in obs.number(i)]
    d.say("item_matches", numbers, name=query, items=d.join(facts))


# --- player, knowledge, writes ---------------------------------------------------


def _player(d: Draft, obs: Seen) -> None:
    r = obs.result
    if not r.get("found", True) or "player" not in r:
        d.parts.append(str(r.get("message", "")))
        return
    counts = ", ".join(
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
        d.say("kb", obs.number(i), title=article["title"], excerpt=article["excerpt"])


def _write_result(d: Draft, obs: Seen) -> None:
    """A write tool's own message (sign-in, purchase, claim), or the player's refusal."""
    if obs.result.get("rejected"):
        d.say("rejected")
    elif obs.result.get("message"):
        d.parts.append(str(obs.result["message"]))
        d.cites.extend(n for n in obs.numbers if n not in d.cites)


RENDERERS: dict[str, Callable[[Draft, Seen], None]] = {
    QUEST_FIND: _quest_find,
    QUEST_DETAIL: _quest_detail,
    QUEST_QUERY: _quest_query,
    ITEM_SOURCE: _item_source,
    ITEM_QUERY: _item_query,
    PLAYER_INFO: _player,
    KNOWLEDGE: _knowledge,
}
