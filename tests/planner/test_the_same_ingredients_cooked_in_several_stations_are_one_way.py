"""The item command says the same ingredients cooked in several stations as one way that
names every station ("cooked from 1× Raw Iron in a furnace or a blast furnace"), so the
ways it has room for are different ways; the card keeps every recipe.

Facts from minecraft-data 1.20 recipes.json: iron ingot smelted and blasted from raw iron,
iron ore and deepslate iron ore; cooked beef smelted, smoked and campfire-cooked from beef."""

from __future__ import annotations

from django.utils import translation

from agentweb.game.commands import item_command


def test_raw_iron_in_a_furnace_or_a_blast_furnace_is_one_way(world):
    with translation.override("en"):
        text = item_command("iron ingot", None).text
    assert "cooked from 1× Raw Iron in a furnace or a blast furnace" in text, text
    assert text.count("Raw Iron") == 1


def test_in_chinese_too(world):
    with translation.override("zh-hans"):
        text = item_command("铁锭", None).text
    assert "用熔炉或高炉烧炼 1× 粗铁 得到" in text, text


def test_the_card_keeps_every_recipe(world):
    with translation.override("en"):
        result = item_command("iron ingot", None)
    (card,) = result.cards
    assert "Raw Iron" in str(card) and str(card).count("Raw Iron") >= 2, card
