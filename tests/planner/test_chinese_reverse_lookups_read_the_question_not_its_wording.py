"""Chinese questions for several quests are routed and read as their English twins: a
name of one Chinese character counts where it stands alone (箭 after 奖励, 弓 after 把;
never 线 inside 线缆), "有没有要打蜘蛛的任务" asks for several quests as "哪些任务" does, and
each quest is listed once with its count.

Facts: frostbell-hollow bell_tower_mine.snbt — 骨头与弓 (207880F8D0E4811F) rewards 32
minecraft:arrow and asks to kill 6 minecraft:skeleton; 蛛网密布 (2BECD601A3BC56E2) asks to
kill 4 minecraft:spider and for 8 minecraft:string; frozen_altar.snbt — 流浪者
(55B9EC44EA9A3822) rewards 24 minecraft:arrow (titles: lang/zh_cn.snbt)."""

from __future__ import annotations

from agentweb.game.mentions import mentions
from agentweb.llm.offline import OfflinePlanner
from tests.planner.kit import ask, run_with


def test_a_one_character_name_that_stands_alone_is_linked(frostbell):
    assert [(m["kind"], m["id"]) for m in mentions("哪些任务奖励箭？")] == [
        ("item", "minecraft:arrow")
    ]
    assert "minecraft:bow" in [m["id"] for m in mentions("做两把弓要什么")]


def test_a_character_inside_a_longer_word_is_no_name(frostbell):
    assert "minecraft:string" not in [m["id"] for m in mentions("普通线缆能带多少个频道")]


def test_which_quests_reward_a_one_character_item_is_routed_and_counted(frostbell):
    outcome = run_with(OfflinePlanner(), "哪个任务给箭？每个给几支")
    assert outcome.workflow == "system:reasoning", outcome.text
    assert "骨头与弓" in outcome.text and "32× 箭" in outcome.text, outcome.text
    assert "流浪者" in outcome.text and "24× 箭" in outcome.text


def test_is_there_a_quest_with_words_between_asks_for_several(frostbell):
    asked = ask("有没有要打蜘蛛的任务，各要几只")
    assert asked.tools == ["ftb.quest.query"], asked.text
    assert "蛛网密布" in asked.text and "4× 蜘蛛" in asked.text, asked.text
    assert "骷髅" not in asked.text


def test_a_one_character_item_asked_for_lists_the_quests_that_need_it(frostbell):
    asked = ask("霜钟谷里有哪些需要线的任务")
    assert asked.tools == ["ftb.quest.query"], asked.text
    assert "蛛网密布" in asked.text and "8× 线" in asked.text, asked.text
