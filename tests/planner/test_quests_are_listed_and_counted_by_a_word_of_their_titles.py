"""A question about the quests whose titles contain a word ("quests with Miner in the
name", "标题里有矿工的任务") lists them and counts them, for any book and either language:
``ftb.quest.query`` with ``title_contains`` finds the titles that contain the word in any
imported language (as written: a near word is no match), counted over the whole book,
group or chapter the question names.

Facts from the fixtures: Frostbell Hollow's lang/en_us.snbt and lang/zh_cn.snbt (Miner's
Torches 矿工的火把, Miner's Lunch 矿工的午餐, Miner's Pick 矿工的镐, Miner's Oath 矿工的誓言)
and Saltmarsh Reach (Light the Lantern)."""

from __future__ import annotations

from tests.game.tool_kit import call_tool
from tests.planner.kit import ask

MINERS = ("Miner's Torches", "Miner's Lunch", "Miner's Pick", "Miner's Oath")


def test_the_tool_counts_every_title_with_the_word_beyond_the_ones_listed(frostbell):
    out = call_tool("ftb.quest.query", {"title_contains": "miner", "limit": 2}).observation
    assert out["total"] == 4
    assert len(out["quests"]) == 2
    assert {q["title"] for q in out["quests"]} <= set(MINERS)


def test_a_word_of_the_chinese_titles_finds_the_same_quests(frostbell):
    out = call_tool("ftb.quest.query", {"title_contains": "矿工"}).observation
    assert sorted(q["title"] for q in out["quests"]) == sorted(MINERS)


def test_the_book_named_limits_the_count(frostbell, saltmarsh):
    out = call_tool(
        "ftb.quest.query", {"title_contains": "the", "book": "saltmarsh-reach"}
    ).observation
    assert out["quests"] and all("the" in q["title"].lower() for q in out["quests"])
    assert not any(q["title"] in MINERS for q in out["quests"])


def test_an_english_question_lists_and_counts_them(frostbell):
    asked = ask("list every quest whose title contains miner - how many are there?")
    assert asked.tools == ["ftb.quest.query"], asked.text
    assert "4 quests" in asked.text
    assert all(title in asked.text for title in MINERS), asked.text


def test_a_chinese_question_gets_the_chinese_titles(frostbell):
    asked = ask("名字里带矿工的任务有几个？")
    assert asked.tools == ["ftb.quest.query"], asked.text
    assert "共有 4 个" in asked.text, asked.text
    assert "矿工的午餐" in asked.text and "矿工的镐" in asked.text


def test_one_title_is_said_as_one(saltmarsh):
    asked = ask('any quests with "Lantern" in the name?')
    assert "One quest" in asked.text and "Light the Lantern" in asked.text, asked.text


def test_a_word_no_title_has_is_said_and_no_near_title_is_offered(frostbell):
    asked = ask("which quests have Zeppelin in their title?")
    assert 'No quest has "Zeppelin" in its title.' in asked.text, asked.text


def test_a_chinese_question_naming_the_quests_first_is_read_the_same(frostbell):
    asked = ask("哪些任务的标题里有“钟”？")
    assert asked.tools == ["ftb.quest.query"], asked.text
    assert "钟声之夜" in asked.text and "金色的钟" in asked.text, asked.text
