"""item.materials: an item a mob drops is got directly — a raw material, though a recipe
makes it too, and the bill gives both ways; smelting gear back into nuggets is recycling,
so nuggets are crafted from ingots.

Facts from minecraft-data 1.20: recipes.json leather_chestplate = 8 leather, leather =
4 rabbit_hide, lantern = 8 iron_nugget + 1 torch, iron_nugget = 1 iron_ingot → 9, bed =
3 wool + 3 planks; entityLoot cow → leather; iron tools and chainmail smelt into nuggets.
"""

from __future__ import annotations

from tests.game.tool_kit import call_tool


def _materials(observation):
    return {m["material"]: m for m in observation["raw_materials"]}


def test_leather_for_a_tunic_is_a_material_from_cows_with_its_recipe_as_another_way(world):
    out = call_tool("item.materials", {"item": "leather tunic"}).observation
    materials = _materials(out)
    assert set(materials) == {"8× Leather"}, "not 32× Rabbit Hide"
    leather = materials["8× Leather"]
    assert leather["reason"] == "dropped"
    ways = [way["how"] for way in leather["how_to_get"]]
    assert any("Cow" in way for way in ways)
    assert any("Rabbit Hide" in way for way in ways), "the recipe is said as another way"


def test_the_item_asked_for_is_broken_down_though_a_mob_drops_it(world):
    out = call_tool("item.materials", {"item": "leather", "count": 2}).observation
    assert set(_materials(out)) == {"8× Rabbit Hide"}


def test_nuggets_are_crafted_from_ingots_not_smelted_from_gear(world):
    out = call_tool("item.materials", {"item": "lantern", "count": 5}).observation
    materials = _materials(out)
    assert "5× Iron Ingot" in materials
    assert not any("Nugget" in name for name in materials)
    crafts = {c["craft"]: c for c in out["crafts"]}
    assert crafts["5× Iron Nugget"]["needed"] == 40
    assert crafts["5× Iron Nugget"]["makes_each"] == 9
    assert not any("Shovel" in way["how"] for way in materials["5× Iron Ingot"]["how_to_get"])


def test_a_rare_drop_does_not_make_an_item_got_directly(world):
    # A witch drops sugar one time in eight: sugar is still made from sugar cane.
    out = call_tool("item.materials", {"item": "cake"}).observation
    assert "2× Sugar Cane" in _materials(out)
