"""Quest commands (deterministic, no model call): ``/quest <name|id>`` and ``/tasks``.

A message that is exactly a quest's title is answered with its quest card
(the "local semantic direct" hit of SPEC §2).
"""

from __future__ import annotations

from typing import Any

from agentweb.core.commands import Command, DirectResult, commands
from agentweb.engine import Source
from agentweb.ftb import search
from agentweb.ftb.quest_results import quest_card, quest_list_card
from agentweb.ftb.tools import MODULE, load_detail
from agentweb.game import queries, versions
from agentweb.game.models import Quest, QuestStatus
from agentweb.game.text import clean_text
from agentweb.game.tools.common import MAX_NAME

QUEST_COMPLETION = "quests"
# Matches listed when a name fits several quests.
LISTED = 8
# Quests named per status in the /tasks text; the card lists them all.
TASKS_IN_TEXT = 5


def _quest_answer(quest_id: str, user: Any) -> DirectResult:
    out = load_detail(quest_id, user)
    if out.quest is None:
        return DirectResult(f"No quest has the id {out.quest_id}.", ok=False)
    q = out.quest
    tasks = "; ".join(t.text() for t in q.tasks) or "nothing to hand in"
    rewards = "; ".join(r.label for r in q.rewards) or "none"
    after = ", ".join(p.title for p in q.prerequisites) or "nothing"
    text = f"{q.title} ({q.chapter}). Tasks: {tasks}. Rewards: {rewards}. Requires: {after}."
    return DirectResult(text, [quest_card(q)], [Source(f"Quest: {q.title}", kind="quest")])


def quest_command(args: str, user: Any) -> DirectResult:
    text = args.strip()
    if not text:
        return DirectResult("Usage: /quest <name|id>", ok=False)
    if len(text) > MAX_NAME:
        return DirectResult(f"A quest name has at most {MAX_NAME} characters.", ok=False)
    quest_id = search.normalize_quest_id(text)
    if quest_id and Quest.objects.filter(quest_id=quest_id).exists():
        return _quest_answer(quest_id, user)
    found, _ = search.find_quests(text, LISTED)
    exact = [q for q in found if q.title.lower() == text.lower()]
    if len(exact) == 1 or len(found) == 1:
        return _quest_answer((exact or found)[0].quest_id, user)
    if not found:
        return DirectResult(f"No quest title matches {text!r}.", ok=False)
    lines = [{"quest_id": q.quest_id, "title": q.title, "chapter": q.chapter.title} for q in found]
    names = "; ".join(f"{q['title']} ({q['chapter']})" for q in lines)
    return DirectResult(
        f"Several quests match {text!r}: {names}. Use /quest <id> for one of them.",
        [quest_list_card(f"Quests matching {text!r}", lines)],
    )


def tasks_command(args: str, user: Any) -> DirectResult:
    """The player's quest progress: claimable, in progress, completed."""
    profile = queries.player_profile(user) if user is not None else None
    if profile is None:
        return DirectResult("You have no game profile yet.", ok=False)
    progress = queries.quest_progress(profile)
    rows = [
        {
            "quest_id": p.quest.quest_id,
            "title": p.quest.title,
            "chapter": p.quest.chapter.title,
            "status": p.status,
            "reward_claimed": p.reward_claimed,
        }
        for p in progress
    ]
    claimable = [
        r for r in rows if r["status"] == QuestStatus.COMPLETED and not r["reward_claimed"]
    ]
    active = [r for r in rows if r["status"] == QuestStatus.IN_PROGRESS]
    done = [r for r in rows if r["status"] == QuestStatus.COMPLETED]
    parts = [
        f"{label}: {', '.join(r['title'] for r in group[:TASKS_IN_TEXT]) or 'none'}"
        + (f" (+{len(group) - TASKS_IN_TEXT})" if len(group) > TASKS_IN_TEXT else "")
        for label, group in (
            ("Rewards to claim", claimable),
            ("In progress", active),
            ("Completed", done),
        )
    ]
    card = {
        "kind": "quest_progress",
        "title": f"Quests of {profile.minecraft_name}",
        "claimable": claimable,
        "in_progress": active,
        "completed": done,
    }
    return DirectResult(". ".join(parts) + ".", [card])


# Most messages are no quest's title: those cost no statement (as of the run's game data).
_TITLES = versions.FoldedValues(Quest, "title")


def quest_name_hit(text: str, user: Any) -> DirectResult | None:
    """A message that is exactly one quest's title (case-insensitive)."""
    title = clean_text(text)
    if not _TITLES.could_be(title):
        return None
    matches = list(Quest.objects.filter(title__iexact=title).values_list("quest_id", flat=True)[:2])
    if len(matches) != 1:
        return None
    return _quest_answer(matches[0], user)


def quest_completions(prefix: str, user: Any, limit: int) -> list[str]:
    qs = Quest.objects.all()
    prefix = clean_text(prefix)
    if prefix:
        qs = qs.filter(title__istartswith=prefix)
    titles = qs.order_by("title").values_list("title", flat=True).distinct()
    return list(titles[:limit])


def register_commands() -> None:
    commands.register(
        Command(
            "quest",
            usage="/quest <name|id>",
            description="Show a quest: tasks, rewards, prerequisites.",
            completion=QUEST_COMPLETION,
            handler=quest_command,
            module=MODULE,
        )
    )
    commands.register(
        Command(
            "tasks",
            aliases=("/progress",),
            usage="/tasks",
            description="Your quest progress and rewards to claim.",
            handler=tasks_command,
            module=MODULE,
        )
    )
    commands.register_completion(QUEST_COMPLETION, quest_completions)
    commands.register_matcher("ftb.quest-name", quest_name_hit, module=MODULE)
