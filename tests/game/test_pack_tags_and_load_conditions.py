"""Item tags resolve as the game resolves them (both folder names, replace, nested, remove,
``#c:``/``#forge:``); load conditions in the NeoForge, Forge and Fabric forms decide what
is loaded, and an unknown condition is reported, never guessed."""

import pytest

from agentweb.game.importers.pack import import_pack
from agentweb.game.models import ItemTag, Recipe

from .packs import PACK_MCMETA, vanilla_items, write_zip

pytestmark = pytest.mark.django_db


def shapeless(result, *, key="neoforge:conditions", conditions=None):
    recipe = {
        "type": "minecraft:crafting_shapeless",
        "ingredients": [{"item": "minecraft:dirt"}],
        "result": {"id": result},
    }
    if conditions is not None:
        recipe[key] = conditions
    return recipe


TAGS = {
    "data/c/tags/item/ingots.json": {"values": ["#c:ingots/iron", "#c:ingots/gold"]},
    "data/c/tags/item/ingots/iron.json": {"values": ["minecraft:iron_ingot"]},
    "data/c/tags/item/ingots/gold.json": {
        "values": [{"id": "othermod:silver_ingot", "required": False}, "minecraft:diamond"]
    },
    "data/forge/tags/items/gems.json": {"values": ["minecraft:diamond", "#forge:gems"]},
    "data/demo/tags/item/loop_a.json": {"values": ["#demo:loop_b", "minecraft:coal"]},
    "data/demo/tags/item/loop_b.json": {"values": ["#demo:loop_a", "minecraft:stick"]},
    "data/demo/tags/item/replaced.json": {"values": ["minecraft:coal"]},
    "data/demo/tags/item/trimmed.json": {
        "values": ["minecraft:coal", "minecraft:stick"],
        "remove": ["minecraft:stick"],
    },
}
OVERRIDE = {
    "pack.mcmeta": PACK_MCMETA,
    "data/demo/tags/item/replaced.json": {"replace": True, "values": ["minecraft:diamond"]},
    "data/c/tags/item/ingots/iron.json": {"values": ["minecraft:iron_nugget"]},
}
CONDITIONS = {
    "META-INF/neoforge.mods.toml": '[[mods]]\nmodId="demo"\n',
    "data/demo/recipe/loaded.json": shapeless(
        "minecraft:coal", conditions=[{"type": "neoforge:mod_loaded", "modid": "demo"}]
    ),
    "data/demo/recipe/missing_mod.json": shapeless(
        "minecraft:stick", conditions=[{"type": "neoforge:mod_loaded", "modid": "absent"}]
    ),
    "data/demo/recipe/item_exists.json": shapeless(
        "minecraft:diamond",
        conditions=[{"type": "neoforge:item_exists", "item": "minecraft:iron_ingot"}],
    ),
    "data/demo/recipe/item_missing.json": shapeless(
        "minecraft:andesite",
        conditions=[{"type": "neoforge:item_exists", "item": "absent:widget"}],
    ),
    "data/demo/recipe/tag_empty.json": shapeless(
        "minecraft:oak_planks",
        conditions=[
            {"type": "neoforge:not", "value": {"type": "neoforge:tag_empty", "tag": "c:ingots"}}
        ],
    ),
    "data/demo/recipe/and_or.json": shapeless(
        "minecraft:spruce_planks",
        conditions=[
            {
                "type": "neoforge:and",
                "values": [
                    {"type": "neoforge:true"},
                    {
                        "type": "neoforge:or",
                        "values": [{"type": "neoforge:false"}, {"type": "neoforge:true"}],
                    },
                ],
            }
        ],
    ),
    "data/demo/recipe/false.json": shapeless(
        "minecraft:cod", conditions=[{"type": "neoforge:false"}]
    ),
    "data/demo/recipe/forge_style.json": shapeless(
        "minecraft:wheat",
        key="forge:conditions",
        conditions=[{"type": "forge:mod_loaded", "modid": "demo"}],
    ),
    "data/demo/recipe/fabric_style.json": shapeless(
        "minecraft:wheat_seeds",
        key="fabric:load_conditions",
        conditions=[{"condition": "fabric:all_mods_loaded", "values": ["demo", "minecraft"]}],
    ),
    "data/demo/recipe/fabric_missing.json": shapeless(
        "minecraft:glass_bottle",
        key="fabric:load_conditions",
        conditions=[{"condition": "fabric:any_mods_loaded", "values": ["absent"]}],
    ),
    "data/demo/recipe/unknown.json": shapeless(
        "minecraft:honey_bottle",
        conditions=[{"type": "somemod:config_enabled", "key": "x"}],
    ),
    "data/demo/recipe/conditional.json": {
        "type": "forge:conditional",
        "recipes": [
            {
                "conditions": [{"type": "forge:mod_loaded", "modid": "absent"}],
                "recipe": shapeless("minecraft:coal_ore"),
            },
            {
                "conditions": [{"type": "forge:true"}],
                "recipe": shapeless("minecraft:iron_block"),
            },
        ],
    },
}


@pytest.fixture
def imported(tmp_path, db):
    vanilla_items()
    root = tmp_path / "srv"
    write_zip(root / "mods" / "a-demo.jar", {**TAGS, **CONDITIONS})
    write_zip(root / "datapacks" / "override.zip", OVERRIDE)
    return import_pack(root)


def members(tag):
    return ItemTag.objects.get(tag_id=tag).items


def test_nested_tags_resolve_to_their_items(imported):
    assert members("c:ingots") == [
        "minecraft:iron_ingot",
        "minecraft:iron_nugget",
        "minecraft:diamond",
    ]


def test_both_folder_names_are_read(imported):
    assert members("forge:gems") == ["minecraft:diamond"]


def test_a_later_file_adds_to_a_tag_and_replace_starts_it_over(imported):
    assert members("c:ingots/iron") == ["minecraft:iron_ingot", "minecraft:iron_nugget"]
    assert members("demo:replaced") == ["minecraft:diamond"]


def test_remove_and_cycles(imported):
    assert members("demo:trimmed") == ["minecraft:coal"]
    assert set(members("demo:loop_a")) == {"minecraft:coal", "minecraft:stick"}


def test_members_that_are_not_items_are_left_out_and_reported(imported):
    assert "othermod:silver_ingot" not in members("c:ingots/gold")
    assert any("othermod:silver_ingot" in note for note in imported.notes)


def recipe_ids():
    return {
        r.split("/")[-1].split(":")[-1] for r in Recipe.objects.values_list("recipe_id", flat=True)
    }


def test_conditions_decide_what_is_loaded(imported):
    loaded = recipe_ids()
    assert {"loaded", "item_exists", "tag_empty", "and_or", "forge_style", "fabric_style"} <= loaded
    assert not {"missing_mod", "item_missing", "false", "fabric_missing"} & loaded


def test_an_unknown_condition_is_reported_with_the_file(imported):
    assert "unknown" not in recipe_ids()
    skipped = {s.path: s.reason for s in imported.skipped}
    assert skipped["mods/a-demo.jar!data/demo/recipe/unknown.json"] == (
        "unknown load condition somemod:config_enabled"
    )


def test_a_forge_conditional_recipe_uses_its_first_passing_entry(imported):
    recipe = Recipe.objects.get(recipe_id="demo:conditional")
    assert recipe.results == [{"item": "minecraft:iron_block", "count": 1}]


def test_files_not_loaded_are_counted_per_source(imported):
    assert imported.per_source["mods/a-demo.jar"]["not loaded (conditions false)"] == 4
