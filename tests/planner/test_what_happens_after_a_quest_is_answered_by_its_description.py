"""What happens after a quest is the quest's story, not only the quests it unlocks: the
description that says it answers, first.

Fixture: ``fixtures/ember-quarry`` (Light the Beacon: "Once the beacon burns, the smoke over
the quarry clears and the traders come back.").
"""

from __future__ import annotations

from agentweb.llm.offline import OfflinePlanner
from tests.planner.kit import run_with


def test_an_english_question_gets_the_description(quarry):
    outcome = run_with(OfflinePlanner(), "what happens after I finish Light the Beacon?")
    assert "the smoke over the quarry clears" in outcome.text, outcome.text


def test_a_chinese_question_gets_the_chinese_description(quarry):
    outcome = run_with(OfflinePlanner(), "点燃烽火做完之后会发生什么？")
    assert "烟就散了" in outcome.text, outcome.text
