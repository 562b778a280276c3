"""A list of quests by the kind of their tasks names the kind in the answer's words, for
every kind the importer knows — never the data's own code ("item") in a Chinese answer."""

from __future__ import annotations

import pytest

from agentweb.game.models import TaskType
from agentweb.llm.offline.words import PHRASES
from tests.planner.kit import ask


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_task_type_has_a_name_in_each_language(language):
    missing = [k for k in TaskType.values if f"task_type_{k}" not in PHRASES[language]]
    assert missing == []


def test_a_chinese_list_of_quests_with_items_to_hand_in_names_the_kind_in_chinese(frostbell):
    asked = ask("初雪营地里哪些任务要交物品？")
    assert "提交物品" in asked.text
    assert "item" not in asked.text
