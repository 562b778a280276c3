"""A recipe question that goes on to where something else comes from, something no name
links ("… and where do I find the iron?", "…，铁去哪找"), asks for an ingredient of the
thing to make: the item's bill of materials, which names each material and how to get
it (requirement 2's chain). Where "it" comes from is the item's own sources."""

from __future__ import annotations

from tests.planner.kit import ask


def test_the_bill_names_the_ingredient_and_its_sources(world):
    asked = ask("how do i make a shield, and where do i find the iron?")
    assert asked.tools == ["item.materials"], asked.tools
    # minecraft-data 1.20: a shield takes one iron ingot, smelted from iron ore.
    assert "1× Iron Ingot" in asked.text, asked.text
    assert "Iron Ore" in asked.text, asked.text


def test_in_chinese(world):
    asked = ask("盾牌怎么做，铁去哪找？")
    assert asked.tools == ["item.materials"], asked.tools
    assert "铁锭" in asked.text and "铁矿石" in asked.text, asked.text


def test_where_it_comes_from_is_the_item_itself(world):
    asked = ask("how do I craft a bucket and where can I get one?")
    assert asked.tools == ["item.source"], asked.tools
