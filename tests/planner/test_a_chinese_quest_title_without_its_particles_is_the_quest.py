"""A Chinese quest title written without the particles inside it (的, 之, 个: "矿工誓言"
for 矿工的誓言, "霜钟谷来客" for 霜钟谷的来客) is that title, as "miners lunch" is
Miner's Lunch: the quest is answered."""

from __future__ import annotations

from agentweb.game.mentions import mentions
from tests.planner.kit import ask


def test_it_is_linked_as_the_title(frostbell):
    (quest,) = [m for m in mentions("铁匠铁砧奖励什么？") if m["kind"] == "quest"]
    assert (quest["how"], quest["names"]["zh_cn"]) == ("normalised", "铁匠的铁砧")


def test_the_quest_is_answered(frostbell):
    # frostbell-hollow lang/zh_cn.snbt: 矿工的誓言 asks for the checkmark 立下誓言.
    asked = ask("矿工誓言要做什么")
    assert "立下誓言" in asked.text, asked.text
    assert "找不到" not in asked.text


def test_a_particle_at_the_edge_of_a_run_makes_no_name(world):
    # "我的线缆": 的 before 线 is no particle inside a name, and 线 inside 线缆 is no name.
    assert not mentions("我的线缆怎么做")
