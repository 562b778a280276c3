"""A Chinese run's item card names every ingredient, grid cell, station, cooking input and
drop as the answer does — the data's Chinese names (the imported lang files), the
glossary's where the data has none — and says its recipe kinds and ways in Chinese: the
``/item 铁锭`` command's card and the card of a question the offline planner answers with
``item.source``, live (the ``tool.finished`` event) and after a reload (the stored run on
the chat page).

Facts from minecraft-data 1.20 recipes.json (iron ingot from 9 iron nuggets, a block of
iron, raw iron smelted or blasted; a piston from planks, cobblestone, an iron ingot and
redstone); Chinese names as Minecraft's zh_cn lang file has them."""

from __future__ import annotations

from django.utils import translation

from agentweb.core.commands import run_direct
from tests.planner.cards import ENGLISH_WORD, as_text, card_html, names_of, stored_page
from tests.planner.kit import ask


def test_the_item_command_s_card_names_ingredients_and_stations_in_chinese(world):
    with translation.override("zh-hans"):
        (card,) = run_direct("/item 铁锭", None).cards
    assert card["title"] == "铁锭"
    assert names_of(card, "label") == ["有序合成", "铁粒", "无序合成", "铁块"]
    assert {cell for row in card["recipes"][0]["grid"] for cell in row} == {"铁粒"}
    cooking = {(way["input"], way["station"]) for way in card["cooking"]}
    assert ("粗铁", "熔炉") in cooking and ("粗铁", "高炉") in cooking
    assert {"铁傀儡", "尸壳"} <= set(names_of(card, "from"))
    # Each drop with its chance, count and conditions, as the English card has them.
    assert "由 尸壳 掉落（概率 0.8%、每次 1 个、仅限玩家击杀）" in names_of(card, "summary")
    shown = names_of(card, "title", "label", "input", "station", "from", "summary")
    assert [name for name in shown if ENGLISH_WORD.search(name)] == []


def test_a_chinese_question_s_item_card_agrees_with_its_answer(world):
    asked = ask("做一个活塞需要哪些材料？")
    (card,) = asked.result.cards
    grid = [cell for row in card["recipes"][0]["grid"] for cell in row]
    for name in ("任意木板", "圆石", "铁锭", "红石粉"):
        assert name in grid and name in asked.text, name
    assert card["title"] == "活塞" and "Cobblestone" not in as_text(card)


def test_the_card_streamed_live_is_the_one_stored(world):
    asked = ask("铁锭怎么做？")
    live = asked.live_cards
    assert live == asked.result.cards
    assert live[0]["cooking"][0]["station"] == "熔炉"


def test_after_a_reload_the_page_shows_the_chinese_names(world, alice):
    asked = ask("铁锭怎么做？")
    page = stored_page(alice, "铁锭怎么做？", asked.text, asked.result.cards)
    card = card_html(page, "item")
    for name in ("<h3>铁锭</h3>", "铁粒", "铁块", "粗铁 → 熔炉", "粗铁 → 高炉", "由 铁傀儡 掉落"):
        assert name in card, name
    assert "Iron Nugget" not in card and "a furnace" not in card and "Recipe" not in card


def test_an_english_run_s_item_card_keeps_the_data_s_names(world):
    (card,) = ask("how do I make an iron ingot?").result.cards
    assert names_of(card, "label") == [
        "Crafting (shaped)",
        "Iron Nugget",
        "Crafting (shapeless)",
        "Block of Iron",
    ]
    assert ("Raw Iron", "a furnace") in {(w["input"], w["station"]) for w in card["cooking"]}
    assert "dropped by the mob Iron Golem (1 at a time)" in names_of(card, "summary")
