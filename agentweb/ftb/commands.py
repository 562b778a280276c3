"""Quest commands (deterministic, no model call): ``/quest <name|id>`` and ``/tasks``.

A message that is exactly a quest's title is answered with its quest card
(the "local semantic direct" hit of SPEC §2).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from agentweb.core.commands import Command, DirectResult, commands
from agentweb.engine import Source
from agentweb.ftb import search
from agentweb.ftb.quest_results import quest_card, quest_list_card
from agentweb.ftb.tools import MODULE, load_detail
from agentweb.game import queries, versions
from agentweb.game.models import Quest, QuestStatus
from agentweb.game.text import clean_text
from agentweb.game.tools.common import MAX_NAME
from agentweb.game.tools.shown import shown_in

QUEST_COMPLETION = "quests"
# Matches listed when a name fits several quests.
LISTED = 8
# Quests named per status in the /tasks text; the card lists them all.
TASKS_IN_TEXT = 5


def _quest_answer(quest_id: str, user: Any) -> DirectResult:
    out = load_detail(quest_id, user, get_language())
    if out.quest is None:
        return DirectResult(_("No quest has the id %(id)s.") % {"id": out.quest_id}, ok=False)
    q = out.quest
    # The book's titles are already in the language; the items and mobs of its tasks and
    # rewards are named as the language shows them (the data's names, then the glossary's).
    shown = shown_in(get_language(), q.names(), q.titles())
    tasks, rewards = [t.said(shown) for t in q.tasks], [r.said(shown) for r in q.rewards]
    text = _(
        "%(title)s (%(chapter)s). Tasks: %(tasks)s. Rewards: %(rewards)s. Requires: %(after)s."
    ) % {
        "title": q.title,
        "chapter": q.chapter,
        "tasks": _("; ").join(tasks) or _("nothing to hand in"),
        "rewards": _("; ").join(rewards) or _("none"),
        "after": _(", ").join(p.title for p in q.prerequisites) or _("nothing"),
    }
    card = quest_card(q, shown)
    return DirectResult(text, [card], [Source(f"Quest: {q.title}", kind="quest")])


def quest_command(args: str, user: Any) -> DirectResult:
    text = args.strip()
    if not text:
        return DirectResult(_("Usage: /quest <name|id>"), ok=False)
    if len(text) > MAX_NAME:
        return DirectResult(
            _("A quest name has at most %(max)d characters.") % {"max": MAX_NAME}, ok=False
        )
    quest_id = search.normalize_quest_id(text)
    if quest_id and Quest.objects.filter(quest_id=quest_id).exists():
        return _quest_answer(quest_id, user)
    found = search.find_quests(text, LISTED)[0]
    exact = [q for q in found if q.title.lower() == text.lower()]
    if len(exact) == 1 or len(found) == 1:
        return _quest_answer((exact or found)[0].quest_id, user)
    if not found:
        return DirectResult(_("No quest title matches “%(name)s”.") % {"name": text}, ok=False)
    shown = shown_in(get_language(), [], [n for q in found for n in (q.title, q.chapter.title)])
    lines = [
        {
            "quest_id": q.quest_id,
            "title": shown.title(q.title),
            "chapter": shown.title(q.chapter.title),
        }
        for q in found
    ]
    names = _("; ").join(f"{q['title']} ({q['chapter']})" for q in lines)
    return DirectResult(
        _("Several quests match “%(name)s”: %(names)s. Use /quest <id> for one of them.")
        % {"name": text, "names": names},
        [quest_list_card(_("Quests matching “%(name)s”") % {"name": text}, lines)],
    )


def tasks_command(args: str, user: Any) -> DirectResult:
    """The player's quest progress: claimable, in progress, completed."""
    profile = queries.player_profile(user) if user is not None else None
    if profile is None:
        return DirectResult(_("You have no game profile yet."), ok=False)
    progress = queries.quest_progress(profile)
    # Titled as the language shows them (the book's translations).
    titles = [t for p in progress for t in (p.quest.title, p.quest.chapter.title)]
    shown = shown_in(get_language(), [], titles)
    rows = [
        {
            "quest_id": p.quest.quest_id,
            "title": shown.title(p.quest.title),
            "chapter": shown.title(p.quest.chapter.title),
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
        _("%(label)s: %(quests)s")
        % {"label": label, "quests": _(", ").join(r["title"] for r in group[:TASKS_IN_TEXT])}
        if group
        else _("%(label)s: none") % {"label": label}
        for label, group in (
            (_("Rewards to claim"), claimable),
            (_("In progress"), active),
            (_("Completed"), done),
        )
    ]
    parts = [
        part + (f" (+{len(group) - TASKS_IN_TEXT})" if len(group) > TASKS_IN_TEXT else "")
        for part, group in zip(parts, (claimable, active, done), strict=True)
    ]
    card = {
        "kind": "quest_progress",
        "title": _("Quests of %(player)s") % {"player": profile.minecraft_name},
        "claimable": claimable,
        "in_progress": active,
        "completed": done,
    }
    return DirectResult(_(". ").join(parts) + _("."), [card])


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
