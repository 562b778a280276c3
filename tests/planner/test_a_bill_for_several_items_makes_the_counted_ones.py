"""A question about the materials of several items makes the ones it counts ("3
lanterns") or, when it counts none, the ones whose amount it does not ask ("how much
leather" asks about a material of the others), each with its own count; a material a
mob drops is said with where it drops.

Facts from minecraft-data 1.20 recipes.json: lantern = 8 iron nuggets + 1 torch, iron
nugget = 1 iron ingot → 9; leather boots = 4 leather, leather leggings = 7 leather;
entityLoot cow → leather."""

from __future__ import annotations

from tests.planner.kit import ask


def test_the_counted_item_is_made_and_the_other_is_what_is_asked(world):
    asked = ask("3 lanterns - how many iron ingots is that, nuggets included?")
    assert asked.tools == ["item.materials"], asked.text
    assert "3× Iron Ingot" in asked.text, asked.text
    assert "24× Iron Nugget" in asked.text


def test_two_items_named_and_a_material_asked_about_make_both(world):
    asked = ask("what is the total leather for leather boots and leather pants, and from what mob?")
    assert asked.tools == ["item.materials"]
    assert "11× Leather" in asked.text, asked.text
    assert "Cow" in asked.text
    assert "Rabbit Hide" not in asked.text.split("How to get them")[0]
