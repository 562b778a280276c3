"""Quest answers: every aspect the question asks, from ``ftb.quest.find`` / ``.detail`` /
``.query`` observations.

A quest answer states the chapter (and its group when the data names one), the
tasks with counts, the rewards (reward tables with their options and whether
the player chooses or rolls one; XP), the prerequisites by title with the
dependency rule, and what the quest unlocks: the aspects the question asked,
in that order.
"""

from __future__ import annotations

import re
from typing import Any

from agentweb.llm.offline.draft import Draft
from agentweb.llm.offline.obs import Seen
from agentweb.llm.offline.parsed import Intent
from agentweb.llm.offline.passages import best_sentences
from agentweb.llm.offline.plan import QUEST_DETAIL, chosen_quest
from agentweb.llm.offline.words import PHRASES

# How a sentence may end, in English and Chinese.
SENTENCE_END = re.compile(r"[.!?。！？…」”\"')）]\s*$")

# Quests named in a list answer; the cards have the rest.
QUESTS_LISTED = 10
# Quests offered when none has the title asked for.
QUESTS_OFFERED = 3
# "Quests of Shoreline Camp (5 in all)": the total, when the result has no field for it.
TOTAL_IN_MESSAGE = re.compile(r"\((\d+) in all\)")
TABLE_KINDS = {"choice": "table_choice", "random": "table_random", "loot": "table_loot"}


def quest_find(d: Draft, obs: Seen) -> None:
    quests = obs.result.get("quests") or []
    if not quests:
        asked_quest = d.p.intent in (Intent.QUEST_INFO, Intent.QUEST_CHAIN, Intent.CLAIM)
        found_later = any(s.ok and s.result.get("found") for s in d.seen if s.n > obs.n)
        if asked_quest and not found_later:
            d.say("quest_not_found", name=obs.input.get("title", ""))
        return
    chosen = chosen_quest(d.p, d.seen)
    if chosen is None:
        if d.p.said_quest and not _found_elsewhere(d, obs):
            # Never another quest's facts for a near name: say so, and offer them.
            offered = [
                d.w("titled_in", title=d.title(q["title"]), chapter=d.title(q["chapter"]))
                for q in quests[:QUESTS_OFFERED]
            ]
            d.say("quest_did_you_mean", name=obs.input.get("title", ""), quests=d.join(offered))
        return
    if any(s.ok and s.matches(QUEST_DETAIL, quest_id=chosen["quest_id"]) for s in d.seen):
        return  # the detail says it all
    numbers = obs.number(quests.index(chosen))
    asked = _asked(d)
    title, chapter = chosen["title"], chosen["chapter"]
    if "tasks" in asked or "chapter" in asked:
        tasks = [task_text(d, t) for t in chosen.get("tasks") or []]
        key = "quest_tasks" if tasks else "quest_no_tasks"
        d.say(key, numbers, title=title, chapter=chapter, tasks=d.join(tasks))
    if "rewards" in asked:
        rewards = d.names(chosen.get("rewards") or [])
        key = "quest_rewards" if rewards else "quest_no_rewards"
        d.say(key, numbers, title=title, rewards=d.join(rewards))


def _found_elsewhere(d: Draft, obs: Seen) -> bool:
    """A later lookup found what was asked (the name was an item after all)."""
    return any(s.ok and s.result.get("found") for s in d.seen if s.n > obs.n)


def quest_detail(d: Draft, obs: Seen) -> None:
    r = obs.result
    if not r.get("found"):
        d.say("quest_id_not_found", name=obs.input.get("quest_id", ""))
        return
    if d.p.intent is Intent.CHAPTER:
        _chapter_group(d, obs)
        return
    numbers = obs.numbers
    title, chapter = r["title"], r["chapter"]
    asked = _asked(d)
    if "about" in asked and (r.get("description") or r.get("subtitle")):
        # The subtitle is a sentence of its own ("Found on Earth"), as in the quest's article.
        said = [_sentence(str(r[k])) for k in ("subtitle", "description") if r.get(k)]
        text = best_sentences("\n\n".join(said), d.p.text)
        d.say("quest_about", numbers, title=title, chapter=chapter, text=_sentence(text))
    if "chapter" in asked or "group" in asked:
        d.say("quest_where", numbers, title=title, chapter=chapter, group=_group_part(d, r))
    if "tasks" in asked:
        tasks = [task_text(d, t) for t in r.get("tasks") or []]
        key = "quest_tasks" if tasks else "quest_no_tasks"
        d.say(key, numbers, title=title, chapter=chapter, tasks=d.join(tasks))
    if "rewards" in asked:
        rewards = [reward_text(d, reward) for reward in r.get("rewards") or []]
        key = "quest_rewards" if rewards else "quest_no_rewards"
        d.say(key, numbers, title=title, rewards=d.join(rewards))
    if "prerequisites" in asked:
        _prerequisites(d, r, numbers)
    if "unlocks" in asked:
        unlocks = [
            d.title(u["title"] if isinstance(u, dict) else u) for u in r.get("unlocks") or []
        ]
        key = "unlocks" if unlocks else "no_unlocks"
        d.say(key, numbers, title=title, quests=d.join(unlocks))
    item_tasks = [t["task"] for t in r.get("tasks") or [] if t.get("item_id")]
    looked_up = any(s.tool in ("item.source", "item.materials") for s in d.seen)
    own = any(t.get("item_id") == d.p.counted for t in r.get("tasks") or [])
    if d.p.intent is Intent.QUEST_CHAIN and item_tasks and not looked_up and not own:
        # The detail answered more of the question; say what is still to ask.
        d.say("chain_later", items=d.join(d.names(item_tasks)))


def task_text(d: Draft, task: dict[str, Any]) -> str:
    """One task as the answer says it: ``6× Bread``; a kill with its mob and count
    (``3× Drive off the drowned (kill 3× Drowned)``); other tasks by name and kind."""
    if task.get("item_id") or "name" not in task:
        return d.name(task.get("task", ""))
    name, count = d.name(task["name"]), task.get("count", 1)
    mob = task.get("kill")
    if mob:
        mob = d.name(mob)
        if name == mob:
            return d.w("task_kill", count=count, mob=mob)
        return d.w("task_kill_titled", count=count, name=name, mob=mob)
    kind = str(task.get("type", ""))
    key = f"task_type_{kind}"
    kind_text = d.w(key) if key in PHRASES["en"] else kind
    counted = f"{count}× " if count and count > 1 else ""
    if task["name"] == kind:
        return f"{counted}{kind_text}"  # an untitled task is named by its kind
    return d.w("task_other", counted=counted, name=name, kind=kind_text)


def _asked(d: Draft) -> tuple[str, ...]:
    """The quest aspects to state; a chain question always wants the tasks."""
    asked = d.p.quest_aspects()
    if d.p.intent is Intent.QUEST_CHAIN:
        explicit = tuple(a for a in asked if a in d.p.aspects)
        return tuple(dict.fromkeys(("tasks", *explicit)))
    return asked


def _group(r: dict[str, Any]) -> str | None:
    group = r.get("group", r.get("chapter_group"))
    return (group.get("title") or "") if isinstance(group, dict) else group


def _group_part(d: Draft, r: dict[str, Any]) -> str:
    if "group" not in r and "chapter_group" not in r:
        return d.w("group_unknown") if "group" in d.p.aspects else ""
    group = _group(r)
    return d.w("group_named", group=d.title(group)) if group else d.w("group_none")


def _prerequisites(d: Draft, r: dict[str, Any], numbers: list[int]) -> None:
    title, chapter = r["title"], r["chapter"]
    prereqs = [
        d.w("titled_in", title=d.title(q["title"]), chapter=d.title(q["chapter"]))
        for q in r.get("prerequisites") or []
    ]
    if not prereqs:
        d.say("no_prereqs", numbers, title=title, chapter=chapter)
        return
    rule = r.get("prerequisite_rule") or r.get("dependency_requirement") or "all_completed"
    if len(prereqs) == 1:
        key = "prereq_one_started" if rule.endswith("_started") else "prereq_one"
        d.say(key, numbers, title=title, chapter=chapter, quests=prereqs[0])
        return
    rule_text = d.w(rule) if rule in RULES else rule
    d.say("prereqs", numbers, title=title, chapter=chapter, rule=rule_text, quests=d.join(prereqs))


RULES = ("all_completed", "one_completed", "all_started", "one_started")


def reward_text(d: Draft, reward: dict[str, Any] | str) -> str:
    """One reward: an item stack, XP, levels, or a reward table with its options."""
    if isinstance(reward, str):
        return d.name(reward)
    label = str(reward.get("reward", ""))
    xp = reward.get("xp")
    if xp and not re.search(r"\d", label):
        levels = reward.get("xp_unit") == "levels" or reward.get("type") == "xp_levels"
        label = f"{label} ({xp} {'levels' if levels else 'XP'})"
    table = reward.get("table")
    if not table:
        return d.name(label)
    # Options with their counts ("6× Cooked Salmon") when the observation has them.
    entries = reward.get("table_options") or reward.get("table_items") or []
    items = [_entry(d, entry) for entry in entries]
    if reward.get("table_more"):
        items.append(d.w("table_more", count=reward["table_more"]))
    key = TABLE_KINDS.get(str(reward.get("type")), "table_loot")
    size = len(entries) + int(reward.get("table_more") or 0)
    listed = d.w("list_sep").join(items) or d.w("none")
    return d.w(key, table=d.title(table), size=size, items=listed)


def _entry(d: Draft, entry: Any) -> str:
    if not isinstance(entry, dict):
        return d.name(entry)
    name = entry.get("label") or entry.get("item") or entry.get("name") or ""
    count = entry.get("count")
    return f"{count}× {d.name(name)}" if count else d.name(name)


def quest_query(d: Draft, obs: Seen) -> None:
    r = obs.result
    if r.get("chapters"):
        _chapters(d, obs)
        return
    if isinstance(r.get("table"), dict):
        _table(d, obs)
        return
    if r.get("unknown_chapter"):
        _unknown_chapter(d, obs)
        return
    quests = r.get("quests") or []
    given = obs.input
    if given.get("quest_ids"):
        _each_quest(d, obs)
        return
    rewards_item, requires_item = given.get("rewards_item"), given.get("requires_item")
    kills, any_kill = given.get("kills"), given.get("task_type") == "kill"
    reward_type = given.get("reward_type")
    task_type = given.get("task_type") if not any_kill else None
    titled = given.get("title_contains")
    # A list limited to a chapter names its quests without their chapter.
    chapter = given.get("chapter") if not (rewards_item or requires_item or kills) else None
    if not quests:
        if d.p.intent is Intent.ITEM_SOURCE:
            return  # a second look for an item with no other source; nothing to add
        if rewards_item:
            d.say("rewarders_none", name=d.name(rewards_item))
        elif requires_item:
            d.say("requirers_none", name=d.name(requires_item))
        elif kills:
            d.say("killers_none", name=d.name(_mob(d, kills)))
        elif any_kill:
            d.say("killers_any_none")
        elif reward_type:
            d.say("reward_type_none", kind=_reward_kind(d, reward_type))
        elif task_type:
            d.say("task_type_none", kind=_task_kind(d, task_type))
        elif titled:
            d.say("titled_none", word=titled)
        elif chapter:
            d.say("chapter_not_found", name=chapter)
        else:
            d.parts.append(str(r.get("message", "")))
        if given.get("chapter") and not chapter:
            d.say("searched_chapter", chapter=given["chapter"])
        return
    shown = quests[:QUESTS_LISTED]
    lines = [
        (
            d.title(q["title"])
            if chapter
            else d.w("titled_in", title=d.title(q["title"]), chapter=d.title(q["chapter"]))
        )
        + (f" — {_matched(d, q['matched'])}" if q.get("matched") else "")
        for q in shown
    ]
    numbers = obs.numbers[: len(shown)]
    total = r.get("total") or len(quests)
    if rewards_item or requires_item or kills:
        if rewards_item:
            d.say("rewarders", numbers, name=d.name(rewards_item), quests=d.join(lines))
        elif requires_item:
            d.say("requirers", numbers, name=d.name(requires_item), quests=d.join(lines))
        else:
            d.say("killers", numbers, name=d.name(_mob(d, kills)), quests=d.join(lines))
        if "count" in d.p.aspects or total > len(shown):
            _counted(d, total, len(shown))
        if kills and "count" in d.p.aspects:
            _kills_counted(d, quests, total, _mob(d, kills))
    elif any_kill or reward_type or task_type:
        if any_kill:
            d.say("killers_any", numbers, quests=d.join(lines))
        elif reward_type:
            d.say("reward_type", numbers, kind=_reward_kind(d, reward_type), quests=d.join(lines))
        else:
            d.say("task_type", numbers, kind=_task_kind(d, task_type), quests=d.join(lines))
        _counted(d, total, len(shown))
    elif titled:
        key = "titled_one" if total == 1 else "titled"
        d.say(key, numbers, word=titled, count=total, quests=d.join(lines))
        if total > len(shown):
            d.say("titled_more", more=total - len(shown))
    else:
        _chapter_quests(d, obs, lines, numbers)


def _unknown_chapter(d: Draft, obs: Seen) -> None:
    """No chapter is called what was asked: the chapters it may be (several books' chapters
    of its number: which book?), or the close titles offered — never a list of another's."""
    r = obs.result
    name = str(r["unknown_chapter"])
    candidates = [
        d.w("titled_in", title=d.title(c.get("chapter", "")), chapter=d.title(c.get("book", "")))
        for c in r.get("chapter_candidates") or []
        if isinstance(c, dict)
    ]
    if len(candidates) > 1 and not r.get("near"):
        d.say("chapter_which", obs.numbers[:1], name=name, chapters=d.join(candidates))
        return
    d.say("chapter_not_found", name=name)
    if candidates:
        d.say("chapter_near", obs.numbers[:1], chapters=d.join(candidates))


def _each_quest(d: Draft, obs: Seen) -> None:
    """Quests read by id (a quest's prerequisites): what each asks for, and what it gives
    when the question asks that too."""
    for i, q in enumerate(obs.result.get("quests") or []):
        numbers = obs.number(i)
        title, chapter = q["title"], q["chapter"]
        tasks = [task_text(d, t) for t in q.get("tasks") or [] if isinstance(t, dict)]
        key = "quest_tasks" if tasks else "quest_no_tasks"
        d.say(key, numbers, title=title, chapter=chapter, tasks=d.join(tasks))
        if "rewards" in d.p.aspects:
            rewards = d.names(q.get("rewards") or [])
            key = "quest_rewards" if rewards else "quest_no_rewards"
            d.say(key, numbers, title=title, rewards=d.join(rewards))


def _counted(d: Draft, total: int, shown: int) -> None:
    """How many quests a list by a kind of task or reward has, and how many are not shown."""
    d.say("listed_one" if total == 1 else "listed_count", count=total)
    if total > shown:
        d.say("titled_more", more=total - shown)


def _kills_counted(d: Draft, quests: list[dict], total: int, mob: str) -> None:
    """How many of a mob the quests listed ask to kill, added up — only when every quest
    of the list is in the observation with its kill count (else the sum would be short)."""
    counts = [KILL_TEXT.match(part) for q in quests for part in _parts(q.get("matched"))]
    if len(quests) == total and counts and all(counts):
        d.say("kills_total", count=sum(int(c["count"]) for c in counts if c), mob=mob)


def _parts(matched: Any) -> list[str]:
    return str(matched).split("; ") if matched else [""]


def _task_kind(d: Draft, task_type: str) -> str:
    key = f"task_type_{task_type}"
    return d.w(key) if key in PHRASES["en"] else task_type


def _reward_kind(d: Draft, reward_type: str) -> str:
    key = f"reward_kind_{reward_type}"
    return d.w(key) if key in PHRASES["en"] else reward_type


def _table(d: Draft, obs: Seen) -> None:
    """A reward table: what it hands out, how, and the quests that give it."""
    table, r = obs.result["table"], obs.result
    entries = [
        d.w("table_entry", item=d.name(e.get("item", "")), chance=f"{e.get('chance', 0):.0%}")
        for e in table.get("entries") or []
        if isinstance(e, dict)
    ]
    d.say(
        "table_contents",
        obs.numbers[:1],
        table=table.get("table", ""),
        count=table.get("hands_out", 1),
        size=len(entries),
        entries=d.join(entries),
    )
    quests = r.get("quests") or []
    if quests:
        lines = [
            d.w("titled_in", title=d.title(q["title"]), chapter=d.title(q["chapter"]))
            for q in quests
        ]
        d.say("table_quests", obs.numbers[: len(quests)], quests=d.join(lines))


def _mob(d: Draft, kills: str) -> str:
    """A mob as the question's entities name it (the tool took its id)."""
    for e in d.entities:
        if e.id == kills:
            return e.name_in(d.p.lang)
    return kills


def _chapters(d: Draft, obs: Seen) -> None:
    """The chapters of a book or group (or of every book), their counts and the total."""
    r, given = obs.result, obs.input
    more = int(r.get("more", 0) or 0)
    listed = [f"{d.title(c['chapter'])} ({c['quests']})" for c in r["chapters"]]
    chapters = d.join([*listed, d.w("table_more", count=more)] if more else listed)
    if r.get("total") is None:
        d.say("chapters", obs.numbers, chapters=chapters)
        return
    if given.get("group"):
        where = d.w("where_group", name=d.title(_named(d, given["group"])))
    elif given.get("book"):
        where = d.w("where_book", name=d.title(_named(d, given["book"])))
    else:
        where = d.w("where_all")
    count = len(r["chapters"]) + more
    d.say("chapters_in", obs.numbers, where=where, count=count, total=r["total"], chapters=chapters)


def _named(d: Draft, key: str) -> str:
    """A book or group as the question's entities name it, in the answer's language."""
    for e in d.entities:
        if key in (e.id, e.book, e.name):
            return e.name_in(d.p.lang)
    return key


def _chapter_quests(d: Draft, obs: Seen, lines: list[str], numbers: list[int]) -> None:
    """A chapter's quests, how many it has in all, and its group when asked."""
    r = obs.result
    chapter = r.get("chapter")
    if not isinstance(chapter, dict):
        chapter = {"chapter": chapter or r["quests"][0]["chapter"], "quests": _total(r)}
    title = chapter["chapter"]
    total = chapter.get("quests") or len(r.get("quests") or [])
    d.say("chapter_quests", numbers, chapter=title, total=total, quests=d.join(lines))
    if "group" in d.p.aspects and "quests" in chapter:
        group = chapter.get("group")
        part = d.w("group_named", group=d.title(group)) if group else d.w("group_unknown")
        d.say("chapter_group", numbers, chapter=title, group=part)


# A kill task as a list names it: "10× Hold off the zombies (kill: Zombie)", "4× Spider (kill)".
KILL_TEXT = re.compile(r"^(?P<count>\d+)× (?P<name>.+?) \(kill(?:: (?P<mob>.+))?\)$")


def _matched(d: Draft, matched: str) -> str:
    """What made a quest part of a list, in the answer's words (several joined by "; ")."""
    if "; " in matched:
        return d.w("list_sep").join(_matched(d, part) for part in matched.split("; "))
    # "choice from reward table: Beds" (a list by item), "random: Keeper's Cache" (by type).
    table = re.match(r"^(choice|random|loot)(?: from reward table:?|:) (.+)$", matched)
    if table:
        kind = d.w(f"kind_{table.group(1)}")
        return d.w("matched_table", kind=kind, table=d.title(table.group(2)))
    kill = KILL_TEXT.match(matched)
    if kill:
        task = {
            "name": kill["name"],
            "count": int(kill["count"]),
            "kill": kill["mob"] or kill["name"],
        }
        return task_text(d, task)
    return d.name(matched)


def _total(r: dict[str, Any]) -> int | None:
    found = TOTAL_IN_MESSAGE.search(str(r.get("message", "")))
    return int(found.group(1)) if found else None


def _chapter_group(d: Draft, obs: Seen) -> None:
    """A chapter's group, read from the detail of one of its quests."""
    r = obs.result
    if any(isinstance(s.result.get("chapter"), dict) for s in d.seen if s.n < obs.n):
        return  # the chapter list said it already
    part = _group_part(d, r)
    if part:
        d.say("chapter_group", obs.numbers, chapter=r["chapter"], group=part)


def _has_quest(s: Seen) -> bool:
    return bool(s.result.get("quests")) or bool(s.result.get("found"))


def _sentence(text: str) -> str:
    """``text`` ending as a sentence does: a subtitle ("Found on Earth") gets its full stop."""
    text = text.strip()
    if not text or SENTENCE_END.search(text):
        return text
    return text + ("。" if re.search(r"[\u4e00-\u9fff]$", text) else ".")
