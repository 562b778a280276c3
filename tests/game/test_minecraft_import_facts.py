"""Facts from the shipped minecraft-data 1.20 files (FORMATS.md §1.4), after import."""

from agentweb.game.models import Item, ItemSource, SourceKind


def sources(item_name, kind):
    return list(ItemSource.objects.filter(item__name=item_name, kind=kind))


def test_every_item_of_the_version_is_imported_with_its_display_name(world):
    assert Item.objects.filter(namespace="minecraft").count() == 1255
    pickaxe = Item.objects.get(item_id="minecraft:diamond_axe")
    assert pickaxe.display_name == "Diamond Axe"
    assert pickaxe.stack_size == 1
    assert pickaxe.max_durability == 1561


def test_foods_carry_their_food_points_and_saturation(world):
    apple = Item.objects.get(name="apple")
    assert apple.food_points == 4.0
    assert apple.saturation == 2.4
    assert Item.objects.get(name="stone").food_points is None


def test_iron_ingot_comes_from_a_block_by_shapeless_crafting_giving_nine(world):
    (shapeless,) = sources("iron_ingot", SourceKind.CRAFTING_SHAPELESS)
    assert shapeless.result_count == 9
    assert shapeless.ingredients == [{"items": ["minecraft:iron_block"], "count": 1}]


def test_iron_ingot_is_smelted_and_blasted_from_raw_iron_and_the_ores(world):
    for kind in (SourceKind.SMELTING, SourceKind.BLASTING):
        inputs = {s.input_item.name for s in sources("iron_ingot", kind)}
        assert inputs == {"raw_iron", "iron_ore", "deepslate_iron_ore"}


def test_zombies_drop_iron_ingots_only_when_a_player_kills_them(world):
    zombie = ItemSource.objects.get(
        item__name="iron_ingot", kind=SourceKind.MOB_DROP, source_name="minecraft:zombie"
    )
    assert zombie.player_kill
    assert zombie.source_display_name == "Zombie"
    assert round(zombie.chance, 4) == 0.0083
    golem = ItemSource.objects.get(item__name="iron_ingot", source_name="minecraft:iron_golem")
    assert golem.chance == 1 and not golem.player_kill


def test_flint_drops_from_gravel_without_silk_touch(world):
    (gravel,) = sources("flint", SourceKind.BLOCK_DROP)
    assert gravel.source_name == "minecraft:gravel"
    assert gravel.source_display_name == "Gravel"
    assert gravel.no_silk_touch and not gravel.silk_touch
    # One of gravel's two drops without Silk Touch (flint or gravel): the data's 1/3 is the
    # share of its alternatives, not a chance.
    assert gravel.chance is None
    assert gravel.details["conditions"] == ["sometimes"]


def test_glass_is_smelted_from_sand_and_never_crafted(world):
    (smelting,) = sources("glass", SourceKind.SMELTING)
    assert smelting.input_item.name == "sand"
    assert not ItemSource.objects.filter(item__name="glass", kind__startswith="crafting").exists()


def test_the_twelve_stick_recipes_become_one_any_planks_recipe_and_one_from_bamboo(world):
    shaped = sorted(sources("stick", SourceKind.CRAFTING_SHAPED), key=lambda s: s.variant_count)
    assert [s.variant_count for s in shaped] == [1, 11]
    bamboo, planks = shaped
    assert bamboo.grid == [[["minecraft:bamboo"]], [["minecraft:bamboo"]]]
    assert bamboo.result_count == 1
    assert planks.result_count == 4
    top, bottom = planks.grid
    assert top == bottom
    assert len(top[0]) == 11
    assert all(item.endswith("_planks") for item in top[0])


def test_a_two_tag_recipe_folds_into_one_with_both_choices(world):
    (campfire,) = sources("campfire", SourceKind.CRAFTING_SHAPED)
    assert campfire.variant_count == 80
    assert campfire.grid[1][1] == ["minecraft:coal", "minecraft:charcoal"]
    assert len(campfire.grid[2][0]) == 40
    assert campfire.grid[0][0] is None


def test_blocks_that_drop_themselves_are_not_listed_as_sources(world):
    assert not ItemSource.objects.filter(
        item__name="gravel", source_name="minecraft:gravel"
    ).exists()


def test_bedrock_only_names_are_left_out_of_cooking_and_reported(world):
    report = world["minecraft"]
    assert report.skipped["cooking recipes with Bedrock-only names"] > 0
    assert not ItemSource.objects.filter(kind=SourceKind.SMELTING, input_item__name="log").exists()
