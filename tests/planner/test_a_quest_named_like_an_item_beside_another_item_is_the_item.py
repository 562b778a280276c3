"""A quest titled like an item ("Iron Ingot", "Diamonds") named beside another item in a
question about amounts is the item: "how many iron ingots do I need for 2 anvils" asks
for a bill of materials, not for the Iron Ingot quest. A count before a name ("2 anvils")
does not make it another name.

Facts: minecraft-data 1.20 recipes.json — anvil = 3 iron blocks + 4 iron ingots, iron
block = 9 iron ingots (2 anvils: 62); diamond pickaxe = 3 diamonds + 2 sticks.
create-grand-expanse has a quest Iron Ingot, frostbell-hollow a quest Diamonds."""

from __future__ import annotations

from tests.planner.kit import ask


def test_iron_ingots_for_two_anvils_is_a_bill_not_the_quest(world):
    asked = ask("how many iron ingots do i need for 2 anvils")
    assert asked.tools == ["item.materials"], asked.text
    assert "62× Iron Ingot" in asked.text, asked.text
    assert "Quest" not in asked.text


def test_diamonds_for_a_pickaxe_is_not_the_diamonds_quest(frostbell):
    asked = ask("how many diamonds for a diamond pickaxe")
    assert asked.tools == ["item.materials"], asked.text
    assert "3× Diamond" in asked.text, asked.text
    assert "Bell Tower Mine" not in asked.text
