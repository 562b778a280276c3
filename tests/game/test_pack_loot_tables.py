"""Block, entity, chest and gameplay loot tables (1.20 and 1.21 formats), summarised like the
shipped drops: chance, count range, Silk Touch, player kill, Looting, crops."""

import pytest

from agentweb.game.importers.pack import import_pack
from agentweb.game.models import ItemSource, LootTable

from .packs import PACK_MCMETA, build_instance, vanilla_items, write_zip

pytestmark = pytest.mark.django_db

LOOT = {
    "pack.mcmeta": PACK_MCMETA,
    # 1.20 folder name, a crop: seeds always, wheat when grown.
    "data/farm/loot_tables/blocks/crop.json": {
        "type": "minecraft:block",
        "pools": [
            {
                "rolls": 1,
                "entries": [
                    {
                        "type": "minecraft:alternatives",
                        "children": [
                            {
                                "type": "minecraft:item",
                                "name": "minecraft:wheat",
                                "conditions": [
                                    {
                                        "condition": "minecraft:block_state_property",
                                        "block": "farm:crop",
                                        "properties": {"age": "7"},
                                    }
                                ],
                            },
                            {"type": "minecraft:item", "name": "minecraft:wheat_seeds"},
                        ],
                    }
                ],
            }
        ],
    },
    # 1.20 silk touch form.
    "data/farm/loot_tables/blocks/gem_ore.json": {
        "type": "minecraft:block",
        "pools": [
            {
                "rolls": 1,
                "entries": [
                    {
                        "type": "minecraft:alternatives",
                        "children": [
                            {
                                "type": "minecraft:item",
                                "name": "farm:gem_ore",
                                "conditions": [
                                    {
                                        "condition": "minecraft:match_tool",
                                        "predicate": {
                                            "enchantments": [
                                                {
                                                    "enchantment": "minecraft:silk_touch",
                                                    "levels": {"min": 1},
                                                }
                                            ]
                                        },
                                    }
                                ],
                            },
                            {
                                "type": "minecraft:item",
                                "name": "minecraft:diamond",
                                "functions": [
                                    {
                                        "function": "minecraft:set_count",
                                        "count": {"min": 1, "max": 2, "type": "minecraft:uniform"},
                                    }
                                ],
                            },
                        ],
                    }
                ],
            }
        ],
    },
    "data/farm/loot_table/chests/barn.json": {
        "type": "minecraft:chest",
        "pools": [
            {
                "rolls": {"type": "minecraft:uniform", "min": 2, "max": 4},
                "entries": [
                    {"type": "minecraft:item", "name": "minecraft:wheat", "weight": 3},
                    {"type": "minecraft:item", "name": "minecraft:diamond", "weight": 1},
                    {"type": "minecraft:empty", "weight": 4},
                ],
            }
        ],
    },
    "data/farm/loot_table/gameplay/fishing/junk.json": {
        "type": "minecraft:fishing",
        "pools": [
            {
                "rolls": 1,
                "entries": [
                    {"type": "minecraft:item", "name": "minecraft:stick"},
                    {"type": "minecraft:loot_table", "value": "farm:gameplay/fishing/fish"},
                ],
            }
        ],
    },
    "data/farm/loot_table/gameplay/fishing/fish.json": {
        "type": "minecraft:fishing",
        "pools": [{"rolls": 1, "entries": [{"type": "minecraft:item", "name": "minecraft:cod"}]}],
    },
    "data/farm/loot_table/entities/scarecrow.json": {
        "type": "minecraft:entity",
        "pools": [
            {
                "rolls": 1,
                "entries": [{"type": "minecraft:item", "name": "minecraft:wheat"}],
                "conditions": [
                    {"condition": "minecraft:killed_by_player"},
                    {
                        "condition": "minecraft:random_chance_with_enchanted_bonus",
                        "enchantment": "minecraft:looting",
                        "unenchanted_chance": 0.1,
                        "enchanted_chance": {"type": "minecraft:linear", "base": 0.2},
                    },
                ],
            }
        ],
    },
    "assets/farm/lang/en_us.json": {
        "block.farm.crop": "Farm Crop",
        "block.farm.gem_ore": "Gem Ore",
        "entity.farm.scarecrow": "Scarecrow",
    },
    "assets/farm/models/item/gem_ore.json": {},
}


@pytest.fixture
def imported(tmp_path, db):
    vanilla_items()
    return import_pack(build_instance(tmp_path / "srv", extra={"datapacks/farm.zip": LOOT}))


def drops(table):
    return {s.item.item_id: s for s in ItemSource.objects.filter(loot_table__table_id=table)}


def test_silk_touch_and_the_drop_without_it_in_the_1_21_form(imported):
    zinc = drops("mixer:blocks/zinc_ore")
    assert set(zinc) == {"mixer:raw_zinc"}  # the ore dropping itself says nothing new
    raw = zinc["mixer:raw_zinc"]
    assert (raw.kind, raw.source_display_name) == ("block_drop", "Zinc Ore")
    assert raw.no_silk_touch and not raw.silk_touch
    assert raw.details["conditions"] == ["more with Fortune"]


def test_the_1_20_silk_touch_form_and_count_ranges(imported):
    diamond = drops("farm:blocks/gem_ore")["minecraft:diamond"]
    assert diamond.no_silk_touch
    assert (diamond.count_min, diamond.count_max) == (1, 2)
    assert diamond.source_display_name == "Gem Ore"


def test_a_crop_drops_its_item_when_grown(imported):
    crop = drops("farm:blocks/crop")
    assert crop["minecraft:wheat"].details["block_age"] == "7"
    assert crop["minecraft:wheat_seeds"].source_name == "farm:crop"


def test_a_mob_drop_needs_a_player_kill_and_gets_more_with_looting(imported):
    wheat = drops("farm:entities/scarecrow")["minecraft:wheat"]
    assert wheat.kind == "mob_drop"
    assert wheat.player_kill
    assert wheat.chance == pytest.approx(0.1)
    assert "more with Looting" in wheat.details["conditions"]
    plate = drops("oldmod:entities/golem")["oldmod:plate"]  # 1.20 looting forms
    assert (plate.chance, plate.count_min, plate.count_max) == (0.25, 1, 3)
    assert plate.source_display_name == "Plate Golem"


def test_chest_loot_weights_and_rolls(imported):
    barn = drops("farm:chests/barn")
    assert barn["minecraft:wheat"].kind == "chest_loot"
    # 3 of 8 per roll, three rolls on average.
    assert barn["minecraft:wheat"].chance == pytest.approx(1 - (5 / 8) ** 3, abs=1e-4)
    assert barn["minecraft:diamond"].chance == pytest.approx(1 - (7 / 8) ** 3, abs=1e-4)


def test_gameplay_loot_follows_referenced_tables(imported):
    junk = drops("farm:gameplay/fishing/junk")
    assert junk["minecraft:stick"].kind == "gameplay_loot"
    assert junk["minecraft:cod"].chance == pytest.approx(0.5)
    assert LootTable.objects.get(table_id="farm:gameplay/fishing/fish").kind == "gameplay"


def test_a_changed_referenced_table_reaches_the_table_that_follows_it(imported, tmp_path):
    changed = dict(LOOT)
    changed["data/farm/loot_table/gameplay/fishing/fish.json"] = {
        "type": "minecraft:fishing",
        "pools": [{"rolls": 1, "entries": [{"type": "minecraft:item", "name": "minecraft:coal"}]}],
    }
    root = tmp_path / "srv"
    write_zip(root / "datapacks" / "farm.zip", changed)
    import_pack(root)
    assert set(drops("farm:gameplay/fishing/junk")) == {"minecraft:stick", "minecraft:coal"}
