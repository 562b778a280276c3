"""A Chinese run's quest lists, item lists and bills of materials name things as its
answer does: quests and chapters by the book's zh_cn titles (a title the book has only in
English stays English, as in the answer), items by their Chinese names, headings and ways
in Chinese; after a reload the page shows the same. English runs keep the tool's words.

Facts from the Frostbell Hollow fixture (冰封祭坛 has 5 quests; 活塞 asks for 2 pistons;
点亮矿道 gives 12 torches) and the shipped book (its quest Crafting Table gives 16 torches,
titled in English only); minecraft-data 1.20's piston recipe."""

from __future__ import annotations

from tests.planner.cards import ENGLISH_WORD, card_html, stored_page
from tests.planner.kit import ask

ALTAR = ["冰层之下", "流浪者", "蓝冰", "祭坛的钥匙", "霜钟"]


def test_a_chapter_s_quests_are_listed_in_chinese(frostbell):
    asked = ask("冰封祭坛有几个任务？")
    (card,) = asked.live_cards
    assert card["title"] == "冰封祭坛的任务（共 5 个）"
    assert [(q["title"], q["chapter"]) for q in card["quests"]] == [(t, "冰封祭坛") for t in ALTAR]
    assert all(title in asked.text for title in ALTAR)


def test_a_reverse_lookup_keeps_a_title_the_book_has_only_in_english(frostbell):
    asked = ask("哪个任务奖励火把？")
    (card,) = asked.result.cards
    titles = [q["title"] for q in card["quests"]]
    assert "Crafting Table" in titles and "点亮矿道" in titles
    assert "Crafting Table" in asked.text, "the answer keeps it too"
    assert not ENGLISH_WORD.search(card["title"])


def test_a_bill_of_materials_names_its_materials_in_chinese(frostbell, alice):
    question = "/reason 我想做一个活塞：需要哪些材料，每种材料怎么获得？"
    asked = ask(question)
    card = next(c for c in asked.result.cards if c["kind"] == "materials")
    assert card["title"] == "2× 活塞所需材料"
    assert [line.split("（")[0] for line in card["materials"]] == [
        "6× 任意木板",
        "8× 圆石",
        "2× 铁锭",
        "2× 红石粉",
    ]
    assert "用熔炉烧炼 1× 粗铁 得到" in card["materials"][2]
    assert "得到；用" in card["materials"][2] and " (" not in card["materials"][2]
    shown = card_html(stored_page(alice, question, asked.text, asked.result.cards), "materials")
    assert "2× 活塞所需材料" in shown and "原材料" in shown and "合成步骤" in shown
    # A block neither the data nor the glossary names in Chinese: as the answer says it.
    assert "Infested Cobblestone" in asked.text
    words = shown.replace('class="card card-materials"', "").replace("Infested Cobblestone", "")
    assert not ENGLISH_WORD.search(words)


def test_several_items_looked_up_at_once_are_listed_in_chinese(world):
    asked = ask("铁锭和红石粉从哪里来？")
    (card,) = asked.result.cards
    assert card["title"] == "获得途径：铁锭、红石粉"
    assert card["items"][0].startswith("铁锭：用 9× 铁粒 合成")
    assert "用熔炉烧炼 1× 红石矿石 得到" in card["items"][1]
    assert "9× 铁粒" in asked.text


def test_english_lists_keep_the_tool_s_words(frostbell):
    (card,) = ask("How many quests are in the First Snow Camp chapter?").result.cards
    assert card["title"] == "Quests of First Snow Camp (9 in all)"
    (bill,) = [
        c
        for c in ask("/reason what raw materials do I need for 2 pistons?").result.cards
        if c["kind"] == "materials"
    ]
    assert bill["title"] == "Materials for 2× Piston"
