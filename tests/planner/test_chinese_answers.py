"""Chinese questions get Chinese answers: Chinese connecting words, and Chinese item names
where the glossary has them; names it does not know stay as the data has them."""

from __future__ import annotations

import pytest

from agentweb.llm.offline.glossary import to_zh
from tests.planner.kit import ask

CASES = [
    # recipes.json: furnace = 8 cobblestone (or blackstone, cobbled deepslate).
    ("熔炉怎么合成？", ["熔炉", "有序合成", "8× 圆石"], ["crafted", "from"]),
    # entityLoot.json: bone from skeleton and stray.
    ("哪些生物会掉落骨头？", ["骨头", "骷髅", "流浪者", "生物"], ["dropped by"]),
    # bedrock recipes.json: raw salmon cooks into cooked salmon in a furnace, smoker, campfire.
    ("鲑鱼可以在哪里烤？", ["熟鲑鱼", "熔炉", "烟熏炉", "营火"], ["cooked", "smelted"]),
    # foods.json: bread 5 food points, 6 saturation.
    ("面包能恢复多少饥饿值？", ["面包", "5 点饥饿值", "6 点饱和度"], ["food points"]),
    # saltmarsh sunken_vault.snbt 5C…0B: random pick from Keeper's Cache (2 emeralds…).
    ("Vault Key 任务的奖励是什么？", ["随机", "Keeper's Cache", "2× 绿宝石"], ["Rewards of"]),
    # shoreline_camp.snbt 5C…05: one_completed.
    ("Mainland Smith 任务的前置任务是什么？", ["完成其中一个", "Campfire Cook"], ["Before"]),
]


@pytest.mark.parametrize(("question", "facts", "english"), CASES)
def test_a_chinese_question_is_answered_in_chinese(saltmarsh, question, facts, english):
    text = ask(question).text
    for fact in facts:
        assert fact in text, f"{fact!r} missing from: {text}"
    for word in english:
        assert word not in text, f"{word!r} in: {text}"


def test_names_the_glossary_does_not_know_stay_as_the_data_has_them():
    assert to_zh("16× Torch") == "16× 火把"
    assert to_zh("Cobblestone or 2 others") == "圆石或另外 2 种"
    assert to_zh("Andesite Casing") == "Andesite Casing"
    assert (to_zh("100 XP"), to_zh("3 levels")) == ("100 点经验", "3 级经验")


def test_a_chinese_quest_question_may_put_the_quest_word_after_the_name(saltmarsh):
    # shoreline_camp.snbt: Mainland Smith depends on Shell Collector.
    text = ask("Shell Collector 之后是什么任务？").text
    assert "完成「Shell Collector」后解锁：Mainland Smith" in text
