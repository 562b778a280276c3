"""A Chinese question gets a Chinese answer: every fixed sentence in Chinese, quest and
chapter titles from the book's zh_cn lang file, item and mob names from the imported
data and the glossary only as a fallback; an English question naming a Chinese title is
still answered in English."""

from __future__ import annotations

import re

from tests.planner.kit import ask

ENGLISH_WORDS = re.compile(r"\b(asks for|Rewards|Quest|chapter|kill|none)\b")


def test_a_quest_in_chinese_with_its_chinese_title_chapter_and_item_names(frostbell):
    # the_smithy.snbt 铁匠的铁砧 (The Smith's Anvil): one anvil.
    asked = ask("铁匠的铁砧这个任务要交什么？")
    assert "任务「铁匠的铁砧」（铁匠铺）需要：1× 铁砧" in asked.text
    assert not ENGLISH_WORDS.search(asked.text)


def test_a_quest_titled_like_an_item_keeps_its_own_title(world):
    # chapter_0: the quest "Crafting Table" rewards 16 torches; no zh_cn title for it.
    asked = ask("哪个任务奖励火把？")
    assert "Crafting Table" in asked.text, "a title the book has only in English"
    assert "16× 火把" in asked.text, "an item's name from the glossary"


def test_an_english_question_naming_a_chinese_title_is_answered_in_english(frostbell):
    asked = ask("What does the quest 骨头与弓 ask for?")
    assert "asks for" in asked.text
    assert "6× " in asked.text and "Skeleton" in asked.text


def test_routing_reads_chinese_as_it_reads_english(frostbell):
    from agentweb.game.mentions import mentions
    from agentweb.llm.offline.entities import read
    from agentweb.llm.offline.planner import route

    for question in ("冰封祭坛有几个任务？", "蓝冰要交几个？", "钟楼矿井的任务奖励什么"):
        payload = {"question": question, "entities": mentions(question)}
        assert read(payload), question
        assert route(payload)["workflow"] == "system:reasoning", question
