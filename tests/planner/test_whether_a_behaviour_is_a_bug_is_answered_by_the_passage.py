""" "Is it a bug that …" names an item, but asks whether the pack means it: the passage that
says so answers, not where the item comes from.

Fixture: ``fixtures/ember-quarry`` (Slow Fires: "Every furnace in the quarry smelts slowly
on purpose").
"""

from __future__ import annotations

from agentweb.llm.offline import OfflinePlanner
from tests.planner.kit import run_with


def test_an_english_question_gets_the_passage(quarry):
    outcome = run_with(OfflinePlanner(), "is it a bug that my furnace smelts so slowly?")
    assert "on purpose" in outcome.text, outcome.text


def test_a_question_whether_it_is_normal_gets_it_too(quarry):
    outcome = run_with(OfflinePlanner(), "my furnaces are super slow at smelting, is that normal?")
    assert "on purpose" in outcome.text, outcome.text
    assert "no way to obtain" not in outcome.text


def test_a_chinese_question_gets_the_chinese_passage(quarry):
    outcome = run_with(OfflinePlanner(), "熔炉烧得这么慢，是bug吗？")
    assert "故意的" in outcome.text, outcome.text
    assert "获取方式" not in outcome.text
