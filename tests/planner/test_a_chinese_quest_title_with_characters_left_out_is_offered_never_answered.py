"""A Chinese quest title named with characters left out ("金钟" for 金色的钟, "点烽火" for
点燃烽火) is linked as a near title (every character in the title, in order, the first
first, at least two thirds of it): the answer says the name is not there and offers the
title with its chapter, never its tasks or rewards as the answer. A word that is a name
of its own (红石) is never taken for a near title around it (红石矿脉)."""

from __future__ import annotations

from agentweb.game.mentions import mentions
from tests.planner.kit import ask


def test_a_near_title_is_linked_as_near(frostbell):
    (near,) = [m for m in mentions("打完金钟这个有什么奖励") if m["kind"] == "quest"]
    assert (near["text"], near["how"], near["names"]["zh_cn"]) == ("金钟", "near", "金色的钟")


def test_the_near_title_is_offered_with_its_chapter_and_not_answered(frostbell):
    asked = ask("打完金钟这个有什么奖励")
    assert asked.text.startswith("任务书里找不到名为“金钟”的任务"), asked.text
    assert "金色的钟（钟楼矿井）" in asked.text, "offered with its chapter"
    assert "10 级" not in asked.text, "not its rewards"


def test_in_another_book_too(quarry):
    # ember-quarry lang/zh_cn.snbt: the quest 点燃烽火 (Light the Beacon).
    asked = ask("点烽火要做什么？")
    assert "找不到" in asked.text and "点燃烽火" in asked.text, asked.text
    assert asked.tools == ["ftb.quest.find"], "no detail read for a near title"


def test_a_name_of_its_own_is_no_near_title_around_it(frostbell):
    linked = {(m["kind"], m["how"]) for m in mentions("红石矿在哪里找")}
    assert ("quest", "near") not in linked, linked


def test_too_little_of_a_title_is_no_near_title(frostbell):
    # 钟楼 is half of 钟楼矿井: under the floor.
    assert not [m for m in mentions("钟楼有多高") if m["how"] == "near"]
