"""A Chinese run's quest card names things as its answer does: the quest, its chapter and
group, its reward table and the quests before and after it by the book's own zh_cn
titles; the items and mobs of its tasks and rewards — vanilla things the imported data
names in English only — by the glossary's Chinese names; a reward table's way of handing
out in Chinese. The same for the offline planner's run (live and after a reload) and the
``/quest`` command; an English question keeps the English titles and names.

Facts from the Frostbell Hollow fixture: 矿工的午餐 (Miner's Lunch, 初雪营地 / First Snow
Camp in 山谷聚落) asks for 6 bread and 4 baked potatoes, gives a choice of the 补给箱
(Supply Crate: bread, torches, steak) and comes after 云杉小屋 (Spruce Cabin); 钟声之夜
asks for 20 zombies killed and comes after 骨头与弓 and 蛛网密布 (any one of them)."""

from __future__ import annotations

from django.utils import translation

from agentweb.core.commands import run_direct
from tests.planner.cards import ENGLISH_WORD, card_html, names_of, stored_page
from tests.planner.kit import ask

SHOWN = ("title", "chapter", "chapter_group", "label", "entity_name", "table")


def test_the_quest_card_of_a_chinese_question_names_everything_in_chinese(frostbell):
    asked = ask("矿工的午餐这个任务要交什么？")
    (card,) = asked.result.cards
    assert (card["title"], card["chapter"], card["chapter_group"]) == (
        "矿工的午餐",
        "初雪营地",
        "山谷聚落",
    )
    assert [(t["count"], t["label"]) for t in card["tasks"]] == [(6, "面包"), (4, "烤马铃薯")]
    assert "6× 面包" in asked.text and "4× 烤马铃薯" in asked.text
    (reward,) = card["rewards"]
    assert reward["table"] == "补给箱" and reward["label"] == "从下列物品中任选 1 个"
    assert [e["label"] for e in reward["table_entries"]] == ["面包", "火把", "牛排"]
    assert [(q["title"], q["chapter"]) for q in card["prerequisites"]] == [("云杉小屋", "初雪营地")]
    assert [name for name in names_of(card, *SHOWN) if ENGLISH_WORD.search(name)] == []


def test_a_kill_task_and_the_quests_around_it_are_named_in_chinese(frostbell):
    asked = ask("钟声之夜这个任务要交什么？")
    assert asked.live_cards == asked.result.cards
    (card,) = asked.live_cards
    assert [(t["label"], t["entity_name"]) for t in card["tasks"]] == [("僵尸", "僵尸")]
    assert [q["title"] for q in card["prerequisites"]] == ["骨头与弓", "蛛网密布"]
    assert [q["title"] for q in card["unlocks"]] == ["金色的钟"]
    assert "Zombie" not in str(card)


def test_after_a_reload_the_quest_card_reads_the_same(frostbell, alice):
    asked = ask("矿工的午餐这个任务要交什么？")
    card = card_html(
        stored_page(alice, "矿工的午餐这个任务要交什么？", asked.text, asked.result.cards), "quest"
    )
    for shown in ("<h3>矿工的午餐</h3>", "6× 面包", "4× 烤马铃薯", "补给箱", "牛排", "云杉小屋"):
        assert shown in card, shown
    assert "任务" in card and "奖励" in card and "Bread" not in card and "Tasks" not in card


def test_the_quest_command_s_card_agrees_with_its_text(frostbell):
    with translation.override("zh-hans"):
        result = run_direct("/quest 钟声之夜", None)
    (card,) = result.cards
    assert card["title"] == "钟声之夜" and card["tasks"][0]["label"] == "僵尸"
    assert [e["label"] for e in card["rewards"][0]["table_entries"]] == [
        "绿宝石",
        "钻石",
        "铁锭",
        "金苹果",
    ]
    assert "钟声之夜（钟楼矿井）" in result.text


def test_an_english_question_keeps_the_english_titles_and_names(frostbell):
    (card,) = ask("What does the quest Miner's Lunch ask for?").result.cards
    assert (card["title"], card["chapter"]) == ("Miner's Lunch", "First Snow Camp")
    assert [t["label"] for t in card["tasks"]] == ["Bread", "Baked Potato"]
    assert card["rewards"][0]["label"] == "choice: Supply Crate"
    assert card["prerequisites"][0]["title"] == "Spruce Cabin"
