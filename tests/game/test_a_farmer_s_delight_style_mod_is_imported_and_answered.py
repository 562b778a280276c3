"""A mod laid out like a real one: Farmer's Delight (MIT licence,
github.com/vectorwing/FarmersDelight) for 1.21 — its ``cutting`` recipes (a list of results
whose items are nested stacks, a chance, a ``tool`` ingredient), its ``cooking`` pot (a
``container``, a cooking time), stations named by ``farmersdelight.jei.<type>`` lang keys,
a ``c:tools/knife`` tag and a wild crop's loot table. The files are written here from the
documented formats; nothing is copied. Imported beside the shipped vanilla data and asked
about in English and Chinese."""

import pytest

from agentweb.game.importers.pack import import_pack
from agentweb.game.models import ItemSource, ItemTag, Recipe
from agentweb.game.tools.items import lookup_sources
from tests.planner.kit import ask

from .packs import block_loot, loot_item, write_zip

NS = "farmersdelight"
MOD = {
    "META-INF/neoforge.mods.toml": (
        'modLoader="javafml"\nlicense="MIT"\n[[mods]]\nmodId="farmersdelight"\n'
        'displayName="Farmer\'s Delight"\n'
    ),
    f"data/{NS}/recipe/cutting/cake.json": {
        "type": f"{NS}:cutting",
        "ingredients": [{"item": "minecraft:cake"}],
        "result": [{"item": {"count": 7, "id": f"{NS}:cake_slice"}}],
        "tool": {"tag": "c:tools/knife"},
    },
    f"data/{NS}/recipe/cutting/wheat.json": {
        "type": f"{NS}:cutting",
        "ingredients": [{"item": "minecraft:wheat"}],
        "result": [
            {"item": {"id": f"{NS}:straw"}},
            {"item": {"id": "minecraft:wheat_seeds"}, "chance": 0.25},
        ],
        "tool": {"tag": "c:tools/knife"},
    },
    f"data/{NS}/recipe/cooking/beef_stew.json": {
        "type": f"{NS}:cooking",
        "container": {"count": 1, "id": "minecraft:bowl"},
        "cookingtime": 200,
        "experience": 1.0,
        "ingredients": [
            {"item": "minecraft:beef"},
            {"item": "minecraft:carrot"},
            {"item": "minecraft:potato"},
        ],
        "recipe_book_tab": "meals",
        "result": {"count": 1, "id": f"{NS}:beef_stew"},
    },
    f"data/{NS}/recipe/flint_knife.json": {
        "type": "minecraft:crafting_shaped",
        "category": "equipment",
        "key": {"f": {"item": "minecraft:flint"}, "s": {"item": "minecraft:stick"}},
        "pattern": ["f", "s"],
        "result": {"count": 1, "id": f"{NS}:flint_knife"},
    },
    "data/c/tags/item/tools/knife.json": {
        "values": [f"{NS}:flint_knife", f"{NS}:iron_knife"],
    },
    f"data/{NS}/loot_table/blocks/wild_cabbages.json": block_loot(
        loot_item(
            f"{NS}:wild_cabbages",
            {"condition": "minecraft:match_tool", "predicate": {"items": "minecraft:shears"}},
        ),
        loot_item(
            f"{NS}:cabbage_seeds",
            functions=[
                {
                    "function": "minecraft:set_count",
                    "count": {"type": "minecraft:uniform", "min": 1, "max": 2},
                }
            ],
        ),
    ),
    f"assets/{NS}/lang/en_us.json": {
        f"item.{NS}.cake_slice": "Slice of Cake",
        f"item.{NS}.straw": "Straw",
        f"item.{NS}.beef_stew": "Beef Stew",
        f"item.{NS}.flint_knife": "Flint Knife",
        f"item.{NS}.iron_knife": "Iron Knife",
        f"item.{NS}.cabbage_seeds": "Cabbage Seeds",
        f"block.{NS}.wild_cabbages": "Wild Cabbages",
        f"{NS}.jei.cutting": "Cutting Board",
        f"{NS}.jei.cooking": "Cooking Pot",
        f"{NS}.tooltip.knife": "Cuts things on a cutting board",
    },
    f"assets/{NS}/lang/zh_cn.json": {
        f"item.{NS}.cake_slice": "蛋糕片",
        f"item.{NS}.straw": "稻草",
        f"item.{NS}.beef_stew": "牛肉炖菜",
        f"item.{NS}.flint_knife": "燧石刀",
        f"item.{NS}.iron_knife": "铁刀",
        f"item.{NS}.cabbage_seeds": "卷心菜种子",
        f"block.{NS}.wild_cabbages": "野生卷心菜",
        f"{NS}.jei.cutting": "砧板",
        f"{NS}.jei.cooking": "厨锅",
    },
}


@pytest.fixture
def delight(world, tmp_path):
    return import_pack(write_zip(tmp_path / "FarmersDelight-1.21.1-1.2.6.jar", MOD))


def test_every_file_is_read_and_nothing_skipped(delight):
    assert delight.skipped == []
    assert Recipe.objects.filter(recipe_id__startswith=f"{NS}:").count() == 4
    assert ItemTag.objects.get(tag_id="c:tools/knife").items == [
        f"{NS}:flint_knife",
        f"{NS}:iron_knife",
    ]
    text = "\n".join(delight.lines())
    assert f"{NS}:cutting" in text and "Cutting Board" in text


def test_a_cutting_recipe_names_its_station_count_and_tool(delight):
    (way,) = lookup_sources("Slice of Cake").sources
    assert (way.kind, way.station, way.mod) == ("processing", "Cutting Board", "Farmer's Delight")
    assert way.result_count == 7
    assert way.ingredients[0].label == "Cake"
    assert way.ingredients[1].label == "any Knife Tools"  # the tool it needs


def test_several_results_with_a_chance(delight):
    (way,) = lookup_sources("Straw").sources
    assert way.outputs == ["1× Straw", "1× Wheat Seeds (25%)"]
    seeds = ItemSource.objects.filter(item__item_id="minecraft:wheat_seeds", recipe__isnull=False)
    assert seeds.get().chance == 0.25


def test_the_cooking_pot_takes_its_container_and_keeps_its_time(delight):
    (way,) = lookup_sources("Beef Stew").sources
    assert way.station == "Cooking Pot"
    # The bowl it is served in is used up too.
    assert sorted(i.label for i in way.ingredients) == ["Bowl", "Carrot", "Potato", "Raw Beef"]
    assert way.data["cookingtime"] == 200


def test_the_station_and_the_item_in_chinese(delight):
    out = lookup_sources("蛋糕片", language="zh_cn")
    assert out.item.name == "蛋糕片"
    assert out.sources[0].station == "砧板"


def test_the_wild_crop_drops_seeds_without_shears(delight):
    (seeds,) = ItemSource.objects.filter(loot_table__table_id=f"{NS}:blocks/wild_cabbages")
    assert seeds.item.item_id == f"{NS}:cabbage_seeds"
    assert (seeds.count_min, seeds.count_max) == (1, 2)


def test_the_assistant_answers_about_the_mod(delight):
    text = ask("how do I make a slice of cake?").text
    assert "Cutting Board" in text and "Cake" in text and "makes 7" in text
    assert "牛肉炖菜" in ask("牛肉炖菜怎么做？").text
