"""item.materials: the raw materials and counts for N of an item, recipes followed down.

Facts from minecraft-data 1.20 recipes.json: a piston is 3 planks (any), 4 cobblestone,
1 iron ingot, 1 redstone; a torch (makes 4) is coal or charcoal over a stick; a stick
(makes 4) is 2 planks; a rail (makes 16) is 6 iron ingots and a stick; sugar comes from
sugar cane or a honey bottle, and a honey bottle from a honey block, which is 4 honey
bottles.
"""

from __future__ import annotations

from tests.game.tool_kit import call_tool


def _materials(observation):
    return {m["material"]: m for m in observation["raw_materials"]}


def test_a_piston_breaks_down_into_its_four_materials_each_with_a_way_to_get_it(world):
    out = call_tool("item.materials", {"item": "piston"})
    materials = _materials(out.observation)
    assert set(materials) == {
        "3× any Planks",
        "4× Cobblestone",
        "1× Iron Ingot",
        "1× Redstone Dust",
    }
    assert "Oak Planks" in materials["3× any Planks"]["alternatives"]
    assert any("Iron Ore" in way["how"] for way in materials["1× Iron Ingot"]["how_to_get"])
    assert out.sources[0].title == "Materials: Piston"
    assert out.card["kind"] == "materials"


def test_an_ingot_is_a_material_not_a_block_of_itself(world):
    materials = _materials(call_tool("item.materials", {"item": "iron pickaxe"}).observation)
    assert "3× Iron Ingot" in materials, "not 1× Block of Iron: packing recipes are not followed"
    assert materials["3× Iron Ingot"]["reason"] == "packing"


def test_counts_are_whole_crafts_for_the_number_asked(world):
    out = call_tool("item.materials", {"item": "rail", "count": 32}).observation
    crafts = {c["craft"]: c for c in out["crafts"]}
    assert crafts["2× Rail"]["makes_each"] == 16
    assert "12× Iron Ingot" in _materials(out)
    torch = call_tool("item.materials", {"item": "torch"}).observation
    assert set(_materials(torch)) == {"1× Coal or Charcoal", "2× any Planks"}
    assert "1× Stick" in {c["craft"] for c in torch["crafts"]}


def test_a_recipe_that_leads_back_to_itself_is_passed_over_for_one_that_does_not(world):
    out = call_tool("item.materials", {"item": "cake"}).observation
    assert "2× Sugar Cane" in _materials(out)
    assert not any("Honey" in name for name in _materials(out))


def test_a_cycle_and_the_depth_limit_end_a_branch_and_are_said(world):
    honey = call_tool("item.materials", {"item": "honey block"}).observation
    assert _materials(honey)["4× Honey Bottle"]["reason"] == "cycle"
    assert honey["cuts"] == ["Honey Bottle is made from itself further down; not broken down."]
    shallow = call_tool("item.materials", {"item": "torch", "depth": 1}).observation
    assert "1× Stick" in _materials(shallow)
    assert shallow["cuts"] == ["Stick is not broken down: the depth limit (1) was reached."]


def test_an_item_with_no_recipe_is_its_own_material(world):
    out = call_tool("item.materials", {"item": "diamond", "count": 2}).observation
    assert list(_materials(out)) == ["2× Diamond"]
    assert out["crafts"] == []
    assert out["message"] == "Diamond has no crafting recipe to break down."


def test_a_name_that_is_no_item_gives_candidates_and_never_another_items_materials(world):
    out = call_tool("item.materials", {"item": "andesite alloy"})
    assert out.observation["found"] is False
    assert "raw_materials" not in out.observation
    assert out.sources == [] and out.card is None
