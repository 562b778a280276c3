""" "What comes before quest X, and what do those quests ask for?" is a chain: the quest's
detail names its prerequisites, then one more call reads them all at once
(``ftb.quest.query`` with their ids) — three rounds, in English and Chinese, for any
book; the rule (one of them, all started) is said. A question about the prerequisites
alone stops after the detail.

Facts: frostbell-hollow bell_tower_mine.snbt — 深层铁矿 / Deep Iron (7F1C84A9B55A0B10)
depends on 下井 / Into the Shaft (63A105D86C647ED8: 16 minecraft:ladder); The Golden Bell
(659BB5C1935BCD47) on Night of the Bell (kill 20 minecraft:zombie) and Deep Iron (16
minecraft:raw_iron); Deep Iron unlocks The Golden Bell (1 minecraft:bell) and Diamonds
(5 minecraft:diamond). saltmarsh-reach shoreline_camp.snbt — Mainland Smith
(5C00000000000005) on Campfire Cook (1 campfire, 8 cooked_cod) or Shell Collector
(6 nautilus_shell), dependency_requirement one_completed."""

from __future__ import annotations

from tests.planner.kit import ask, invented_names

CHAIN = ["ftb.quest.detail", "ftb.quest.query"]


def test_an_english_question_gets_each_prerequisite_s_tasks(frostbell):
    question = "which quests come before Deep Iron and what do they need"
    asked = ask(question)
    assert asked.tools == CHAIN, asked.text
    assert "Into the Shaft" in asked.text
    assert "16× Ladder" in asked.text, asked.text
    # What Deep Iron needs itself was not asked.
    assert "Raw Iron" not in asked.text
    assert invented_names(asked, question) == []


def test_two_prerequisites_and_their_rule_in_another_book(saltmarsh):
    asked = ask("what are the prereqs for mainland smith and what do they require")
    assert asked.tools == CHAIN, asked.text
    assert "one of them" in asked.text
    assert "8× Cooked Cod" in asked.text and "6× Nautilus Shell" in asked.text, asked.text


def test_a_chinese_question_gets_each_prerequisite_s_tasks_in_chinese(frostbell):
    asked = ask("金色的钟的前置任务分别要什么")
    assert asked.tools == CHAIN, asked.text
    assert "钟声之夜" in asked.text and "深层铁矿" in asked.text
    assert "20× 僵尸" in asked.text and "16× 粗铁" in asked.text, asked.text


def test_chinese_before_and_they_read_the_same(frostbell):
    asked = ask("深层铁矿前面是哪几个任务？它们各要交什么")
    assert asked.tools == CHAIN, asked.text
    assert "下井" in asked.text and "16× 梯子" in asked.text, asked.text


def test_the_prerequisites_alone_need_only_the_detail(frostbell):
    asked = ask("what comes before the golden bell")
    assert asked.tools == ["ftb.quest.detail"], asked.text
    assert "Night of the Bell" in asked.text and "Deep Iron" in asked.text
    assert "20×" not in asked.text


def test_the_quests_it_unlocks_are_read_the_same_way(frostbell):
    asked = ask("which quests come after deep iron and what do they need")
    assert asked.tools == CHAIN, asked.text
    assert "1× Bell" in asked.text and "5× Diamond" in asked.text, asked.text
    assert "Raw Iron" not in asked.text


def test_the_prerequisites_as_what_needs_something_are_read_the_same_way(frostbell):
    for question in (
        "what do the prerequisites of the golden bell require",
        "金色的钟的前置任务要什么",
    ):
        asked = ask(question)
        assert asked.tools == CHAIN, asked.text
        assert "20×" in asked.text and "16×" in asked.text, asked.text


def test_what_i_need_before_a_quest_is_its_own_tasks_and_prerequisites(frostbell):
    asked = ask("what do I need before the golden bell")
    assert asked.tools == ["ftb.quest.detail"], asked.text
    assert "1× Bell" in asked.text and "Night of the Bell" in asked.text
