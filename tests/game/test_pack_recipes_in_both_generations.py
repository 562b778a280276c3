"""Recipes of every type, in the 1.20 and 1.21 formats: vanilla types rendered as the game
shows them, any other type kept generically with its station, tags, fluids and chances."""

import pytest

from agentweb.game.importers.pack import import_pack
from agentweb.game.models import ItemSource, Recipe

from .packs import PACK_MCMETA, build_instance, vanilla_items

pytestmark = pytest.mark.django_db

# The same recipes in the 1.21.2+ form: ingredients as plain strings, "#tag" for tags.
MODERN = {
    "pack.mcmeta": PACK_MCMETA,
    "data/modern/recipe/stick_bundle.json": {
        "type": "minecraft:crafting_shaped",
        "pattern": ["##", "##"],
        "key": {"#": "minecraft:stick"},
        "result": {"id": "minecraft:oak_planks", "count": 2},
    },
    "data/modern/recipe/planks_to_stick.json": {
        "type": "minecraft:crafting_shapeless",
        "ingredients": ["#minecraft:planks", "#minecraft:planks"],
        "result": {"id": "minecraft:stick", "count": 4},
    },
    "data/modern/recipe/diamond_upgrade.json": {
        "type": "minecraft:smithing_transform",
        "template": "minecraft:stick",
        "base": "minecraft:iron_ingot",
        "addition": "#minecraft:planks",
        "result": {"id": "minecraft:diamond"},
    },
    "data/modern/recipe/decorated.json": {"type": "minecraft:crafting_decorated_pot"},
    "data/minecraft/tags/item/planks.json": {
        "values": ["minecraft:oak_planks", "minecraft:spruce_planks"]
    },
}


@pytest.fixture
def imported(tmp_path, db):
    vanilla_items()
    return import_pack(build_instance(tmp_path / "srv", extra={"datapacks/modern.zip": MODERN}))


def source(recipe_id):
    return ItemSource.objects.get(recipe__recipe_id=recipe_id)


def test_a_1_21_shaped_recipe_has_its_grid_and_count(imported):
    shaft = source("mixer:shaft")
    assert shaft.kind == "crafting_shaped"
    assert shaft.grid == [[["mixer:andesite_alloy"]], [["mixer:andesite_alloy"]]]
    assert shaft.result_count == 8
    assert shaft.ingredients == [{"items": ["mixer:andesite_alloy"], "count": 2}]


def test_a_1_20_shaped_recipe_with_a_forge_tag_keeps_the_tag_in_its_cells(imported):
    press = source("oldmod:press")
    cell = {"tag": "forge:ingots/iron", "items": ["minecraft:iron_ingot"]}
    assert press.grid == [[cell, cell], [cell, cell]]
    assert press.ingredients == [
        {"items": ["minecraft:iron_ingot"], "tag": "forge:ingots/iron", "count": 4}
    ]


def test_string_ingredients_of_the_newest_format_are_read(imported):
    bundle = source("modern:stick_bundle")
    assert bundle.grid == [[["minecraft:stick"]] * 2] * 2
    sticks = source("modern:planks_to_stick")
    assert sticks.ingredients == [
        {
            "items": ["minecraft:oak_planks", "minecraft:spruce_planks"],
            "tag": "minecraft:planks",
            "count": 2,
        }
    ]
    assert sticks.result_count == 4


def test_cooking_in_both_formats(imported):
    plate = source("oldmod:plate_smelting")  # 1.20: the result is a bare id
    assert (plate.kind, plate.item.item_id) == ("smelting", "oldmod:plate")
    assert plate.input_item.item_id == "oldmod:raw_plate"
    zinc = source("mixer:zinc_from_ore")  # 1.21: {"id": …}
    assert zinc.kind == "blasting"
    assert zinc.details["station"] == "Blast Furnace"
    assert Recipe.objects.get(recipe_id="mixer:zinc_from_ore").data == {
        "experience": 1.0,
        "cookingtime": 100,
    }


def test_stonecutting_with_the_1_20_count_beside_the_result(imported):
    cut = source("oldmod:plate_cutting")
    assert (cut.kind, cut.result_count) == ("stonecutting", 9)
    assert cut.details["station"] == "Stonecutter"


def test_smithing_names_template_base_and_addition(imported):
    upgrade = source("modern:diamond_upgrade")
    assert upgrade.kind == "smithing"
    assert [i.get("tag") or i["items"][0] for i in upgrade.ingredients] == [
        "minecraft:stick",
        "minecraft:iron_ingot",
        "minecraft:planks",
    ]


def test_a_mod_type_keeps_its_station_named_by_the_mod(imported):
    alloy = source("mixer:mixing/andesite_alloy")
    assert alloy.kind == "processing"
    assert alloy.details["station"] == "Mixing"
    assert alloy.details["mod"] == "Mixer Works"
    assert alloy.details["data"] == {"heat_requirement": "heated"}
    assert alloy.ingredients == [
        {"items": ["minecraft:andesite"], "count": 1},
        {"items": ["minecraft:iron_nugget"], "tag": "c:nuggets/iron", "count": 1},
    ]


def test_results_with_chances_and_several_outputs(imported):
    rows = ItemSource.objects.filter(recipe__recipe_id="mixer:crushing/coal_ore")
    by_item = {row.item.item_id: row for row in rows}
    assert by_item["minecraft:coal"].result_count == 1
    assert by_item["minecraft:coal"].chance is None  # one is sure, a second 75 %
    assert by_item["mixer:experience_nugget"].chance == 0.75
    assert by_item["minecraft:coal"].details["results"][1] == {
        "chance": 0.75,
        "item": "minecraft:coal",
        "count": 1,
    }
    assert Recipe.objects.get(recipe_id="mixer:crushing/coal_ore").data == {
        "processing_time": 150,
        "mod": "Mixer Works",
    }


def test_fluid_ingredients_keep_their_amounts(imported):
    honey = source("mixer:filling/honey_bottle")
    assert {"items": [], "count": 1, "fluid": "mixer:honey", "amount": 250} in honey.ingredients


def test_a_wrapped_ingredient_with_an_amount_counts(imported):
    dense = source("oldmod:enriching")
    assert dense.ingredients == [
        {"items": ["minecraft:iron_ingot"], "tag": "forge:ingots/iron", "count": 2}
    ]
    assert dense.details["station"] == "Enriching"
    assert dense.details["data"] == {"energy": 400}


def test_the_station_is_named_in_every_language_the_mod_names_it(imported):
    from agentweb.game.search.game_names import localized_names

    assert localized_names("station", ["mixer:mixing"], "zh_cn") == {"mixer:mixing": "搅拌"}
    assert localized_names("station", ["mixer:crushing"], "zh_cn") == {"mixer:crushing": "Crushing"}


def test_the_report_lists_the_types_rendered_and_generic(imported):
    types = imported.recipe_types
    assert types["minecraft:crafting_shaped"]["rendered"] is True
    assert types["mixer:mixing"] == {"count": 1, "rendered": False, "station": "Mixing"}
    assert types["minecraft:crafting_decorated_pot"]["station"] == "computed by the game"
    text = "\n".join(imported.lines())
    assert "recipe types kept generically: mixer:crushing (1, station 'Crushing')" in text
