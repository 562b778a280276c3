"""item.source and item.query state every fact minecraft-data has about an item (shipped 1.20 data).

Facts checked against pc/1.20 recipes.json, foods.json, blockLoot.json, entityLoot.json and
bedrock/1.19.10 recipes.json (cooking).
"""

from agentweb.core.tooling import registry
from agentweb.engine import AllModules
from tests.game.tool_kit import call_tool


def source(name: str, **extra) -> dict:
    return call_tool("item.source", {"item": name, **extra}).observation


def way(obs: dict, kind: str) -> dict:
    return next(w for w in obs["ways"] if w["kind"] == kind)


def test_a_shaped_recipe_has_its_grid_row_by_row_and_its_output_count(world):
    obs = source("diamond sword")
    recipe = way(obs, "crafting_shaped")
    assert recipe["shape"] == "shaped"
    assert recipe["grid_rows"] == ["Diamond", "Diamond", "Stick"]
    assert recipe["makes"] == 1
    assert recipe["ingredients"] == ["2× Diamond", "1× Stick"]
    assert obs["crafting_recipe"] is True


def test_a_wider_grid_keeps_its_empty_cells(world):
    recipe = way(source("furnace"), "crafting_shaped")
    assert len(recipe["grid_rows"]) == 3
    assert recipe["grid_rows"][1].split(" | ")[1] == "empty"


def test_a_shapeless_recipe_says_so_with_its_output_count(world):
    recipe = way(source("flint and steel"), "crafting_shapeless")
    assert recipe["shape"] == "shapeless"
    assert sorted(recipe["ingredients"]) == ["1× Flint", "1× Iron Ingot"]
    assert way(source("wheat"), "crafting_shapeless")["makes"] == 9  # from a hay bale


def test_every_cooking_station_is_listed(world):
    obs = source("cooked beef")
    assert obs["item"] == "Steak"
    assert set(obs["cooked_in"]) == {"a furnace", "a smoker", "a campfire"}
    assert set(source("iron ingot")["cooked_in"]) >= {"a furnace", "a blast furnace"}


def test_an_item_without_a_crafting_recipe_says_so(world):
    obs = source("glass")
    assert obs["crafting_recipe"] is False
    assert "The item data has no crafting recipe for Glass." in obs["notes"]
    assert obs["cooked_in"] == ["a furnace"]


def test_a_raw_food_says_what_it_cooks_into_and_where(world):
    obs = source("raw salmon")
    (cooked,) = obs["cooks_into"]
    assert cooked["item"] == "Cooked Salmon"
    assert set(cooked["stations"]) == {"a furnace", "a smoker", "a campfire"}


def test_mob_drops_name_the_mobs_with_chance_and_conditions(world):
    obs = source("bones")
    assert obs["item"] == "Bone"
    assert {"Skeleton", "Stray", "Wither Skeleton"} <= set(obs["dropped_by_mobs"])
    assert "drop_numbers" in obs
    beef = source("raw beef")
    assert "Cow" in beef["dropped_by_mobs"]


def test_a_drop_only_a_player_kill_gives_says_so(world):
    obs = source("iron ingot", kind="drops")
    zombie = next(w for w in obs["ways"] if w.get("from") == "Zombie")
    assert "only when a player kills it" in zombie["conditions"]
    assert zombie["chance"] < 0.1


def test_block_drops_name_the_blocks_and_the_silk_touch_rule(world):
    obs = source("flint")
    assert obs["dropped_by_blocks"] == ["Gravel"]
    gravel = way(obs, "block_drop")
    assert gravel["conditions"] == ["not with Silk Touch", "sometimes"]
    assert "chance" not in gravel


def test_a_crop_drop_says_it_needs_a_grown_crop(world):
    obs = source("wheat", kind="drops")
    crop = way(obs, "block_drop")
    assert crop["from"] == "Wheat Crops"
    assert any("fully grown" in c for c in crop["conditions"])


def test_food_values_come_with_their_units(world):
    food = source("cooked beef")["food"]
    assert food["food_points"] == 8
    assert food["hunger_shanks"] == 4
    assert food["saturation"] == 12.8
    assert "2 food points" in food["units"]
    match = call_tool("item.query", {"name": "golden carrot"}).observation["matches"][0]
    assert match["food"]["food_points"] == 6
    assert match["food"]["saturation"] == 14.4


def test_items_that_are_not_food_have_no_food_values(world):
    assert "food" not in source("diamond sword")
    assert "food" not in call_tool("item.query", {"name": "stick"}).observation["matches"][0]


def test_the_card_shows_food_values_and_the_missing_recipe(world):
    card = call_tool("item.source", {"item": "cooked beef"}).card
    assert "Food: restores 8 food points (4 shanks) and 12.8 saturation." in card["notes"]
    assert "The item data has no crafting recipe for Steak." in card["notes"]
    assert {c["station"] for c in card["cooking"]} == {"a furnace", "a smoker", "a campfire"}


def test_the_observation_stays_small_when_an_item_has_many_sources(world):
    obs = source("stick", limit=20)
    assert len(obs["ways"]) <= 8
    assert obs["count"] > len(obs["ways"])
    assert obs["more"] == obs["count"] - len(obs["ways"])


def test_the_item_tools_declare_inputs_descriptions_dedupe_and_reasoning():
    for name in ("item.query", "item.source", "database.query", "ftb.quest.find"):
        tool = registry.resolve(name, AllModules()).tool
        assert tool.description
        assert tool.dedupe is not None
        assert tool.reasoning_description, name
