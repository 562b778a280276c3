"""``ftb.quest.query`` by ``task_type`` or ``reward_type`` lists the quests with such a
task or reward and counts every one of them in its scope, not only those listed; a kind
that is no task type is refused.

Facts: the shipped book has more checkmark tasks than a short page lists, and the book
saltmarsh-reach (tests/planner/fixtures) two quests with an ``xp_levels`` reward: Shell
Collector (3) and Sunken Vault (10)."""

from __future__ import annotations

import pytest

from agentweb.engine import AgentError
from agentweb.game.importers.ftbquests import import_ftbquests
from agentweb.game.models import Quest
from tests.game.tool_kit import call_tool
from tests.planner.conftest import SALTMARSH


def test_the_count_is_of_every_quest_not_the_page_listed(world):
    out = call_tool("ftb.quest.query", {"task_type": "checkmark", "limit": 3})
    every = Quest.objects.filter(tasks__type="checkmark").distinct().count()
    assert len(out.observation["quests"]) < every
    assert out.observation["total"] == every
    assert f"({every} in all)" in out.observation["message"]


def test_a_reward_kind_counted_within_the_book_named(world):
    import_ftbquests(SALTMARSH, slug="saltmarsh-reach")
    out = call_tool("ftb.quest.query", {"reward_type": "xp_levels", "book": "saltmarsh-reach"})
    titles = [q["title"] for q in out.observation["quests"]]
    assert titles == ["Shell Collector", "Sunken Vault"]
    assert out.observation["total"] == 2


def test_a_kind_that_is_no_task_type_is_refused(world):
    with pytest.raises(AgentError):
        call_tool("ftb.quest.query", {"task_type": "dance"})
