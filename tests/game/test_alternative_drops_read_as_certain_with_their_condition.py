"""A loot table's ``alternatives`` drops the first child whose conditions hold: the drop with
Silk Touch and the one without are each certain under their condition, never "50 %". Both
loot paths: the shipped minecraft-data (which gives each of n alternatives 1/n) and a pack's
own loot tables; item.source, the card and the offline answer in English and Chinese."""

import pytest

from agentweb.game.importers.pack import import_pack
from agentweb.game.models import ItemSource, SourceKind
from tests.game.tool_kit import call_tool
from tests.planner.kit import ask

from .packs import PACK_MCMETA, block_loot, build_instance, loot_item, vanilla_items

SILK = {
    "condition": "minecraft:match_tool",
    "predicate": {
        "predicates": {"minecraft:enchantments": [{"enchantments": "minecraft:silk_touch"}]}
    },
}


LOOT = {
    "pack.mcmeta": PACK_MCMETA,
    # Stone's shape: one item with Silk Touch, otherwise another.
    "data/rock/loot_table/blocks/hard_rock.json": block_loot(
        loot_item("minecraft:andesite", SILK), loot_item("minecraft:coal")
    ),
    # Gravel's shape: one item with Silk Touch, otherwise flint 10 % (more with Fortune) or
    # else a third.
    "data/rock/loot_table/blocks/loose_rock.json": block_loot(
        loot_item("minecraft:iron_nugget", SILK),
        {
            "type": "minecraft:alternatives",
            "children": [
                loot_item(
                    "minecraft:wheat_seeds",
                    {
                        "condition": "minecraft:table_bonus",
                        "enchantment": "minecraft:fortune",
                        "chances": [0.1, 0.14285715, 0.25, 1.0],
                    },
                ),
                loot_item("minecraft:stick"),
            ],
        },
    ),
    # After a child without conditions, no other child is ever reached.
    "data/rock/loot_table/blocks/plain_rock.json": block_loot(
        loot_item("minecraft:dirt"), loot_item("minecraft:diamond")
    ),
}


def pack_drops(table: str) -> dict[str, ItemSource]:
    return {s.item.item_id: s for s in ItemSource.objects.filter(loot_table__table_id=table)}


@pytest.fixture
def pack(tmp_path, db):
    vanilla_items()
    return import_pack(build_instance(tmp_path / "srv", extra={"datapacks/rock.zip": LOOT}))


def test_a_pack_s_silk_touch_alternatives_are_each_certain_under_their_condition(pack):
    drops = pack_drops("rock:blocks/hard_rock")
    stone, cobble = drops["minecraft:andesite"], drops["minecraft:coal"]
    assert (stone.chance, stone.silk_touch, stone.no_silk_touch) == (None, True, False)
    assert (cobble.chance, cobble.silk_touch, cobble.no_silk_touch) == (None, False, True)


def test_a_chance_child_leaves_the_rest_to_the_next_child(pack):
    drops = pack_drops("rock:blocks/loose_rock")
    flint, rest = drops["minecraft:wheat_seeds"], drops["minecraft:stick"]
    assert flint.chance == pytest.approx(0.1)
    assert rest.chance == pytest.approx(0.9)
    assert flint.no_silk_touch and rest.no_silk_touch


def test_a_child_without_conditions_ends_the_alternatives(pack):
    assert set(pack_drops("rock:blocks/plain_rock")) == {"minecraft:dirt"}


def test_the_pack_s_drop_reads_without_a_chance(pack):
    ways = call_tool("item.source", {"item": "coal", "kind": "drops"}).observation["ways"]
    (rock,) = [w for w in ways if w.get("from") == "Hard Rock"]
    assert rock["how"] == "dropped by the block Hard Rock (1 at a time, not with Silk Touch)"


def test_the_shipped_stone_drops_cobblestone_without_silk_touch_always(world):
    stone = ItemSource.objects.get(
        item__name="cobblestone", kind=SourceKind.BLOCK_DROP, source_name="minecraft:stone"
    )
    assert stone.chance is None and stone.no_silk_touch
    ways = call_tool("item.source", {"item": "cobblestone", "kind": "drops"}).observation["ways"]
    (way,) = [w for w in ways if w.get("from") == "Stone"]
    assert way["how"] == "dropped by the block Stone (1 at a time, not with Silk Touch)"
    assert "chance" not in way


def test_the_shipped_ore_drops_its_gem_without_silk_touch_always(world):
    ore = ItemSource.objects.get(item__name="diamond", source_name="minecraft:diamond_ore")
    assert ore.chance is None and ore.no_silk_touch
    assert (ore.count_min, ore.count_max) == (1, 2)


def test_one_of_several_drops_under_the_same_condition_says_sometimes(world):
    sapling = ItemSource.objects.get(item__name="oak_sapling", source_name="minecraft:oak_leaves")
    assert sapling.chance is None
    assert sapling.details["conditions"] == ["sometimes"]


def test_real_chances_of_the_shipped_data_stay(world):
    zombie = ItemSource.objects.get(item__name="iron_ingot", source_name="minecraft:zombie")
    assert round(zombie.chance, 4) == 0.0083
    seeds = ItemSource.objects.get(item__name="wheat_seeds", source_name="minecraft:grass")
    assert seeds.chance == pytest.approx(0.0625, abs=1e-3)


def test_the_answer_says_the_condition_and_no_chance_in_english_and_chinese(world):
    english = ask("where does cobblestone come from?").text
    assert "Stone (1 at a time, not with Silk Touch)" in english
    assert "50%" not in english
    chinese = ask("圆石从哪里来？").text
    assert "不能用精准采集" in chinese
    assert "50%" not in chinese
