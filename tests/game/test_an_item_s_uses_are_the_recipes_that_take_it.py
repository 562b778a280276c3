"""``item.uses`` is the reverse of ``item.source``: the items made from an item by crafting,
cooking, a station's or a mod's recipe (a tag slot it fills counts), limited to a station
when asked, with how many are not shown."""

import pytest

from agentweb.game.importers.pack import import_pack
from agentweb.game.tools.uses import _card, _observe, lookup_uses

from .packs import write_zip
from .test_a_recipe_s_tool_is_needed_not_used_up import MOD


def made(name: str, station: str | None = None) -> list[str]:
    return [use.item for use in lookup_uses(name, station, limit=20).uses]


def test_the_uses_of_an_item_are_the_items_its_recipes_make(world):
    assert made("slimeball") == ["Lead", "Magma Cream", "Slime Block", "Sticky Piston"]


def test_a_tag_slot_the_item_fills_is_a_use_of_it(world):
    assert "Chest" in made("Oak Planks"), "8× any Planks"


def test_the_uses_not_shown_are_counted(world):
    observed = _observe(lookup_uses("Oak Planks", limit=5))
    assert len(observed["uses"]) == 5
    assert observed["more"] == observed["count"] - 5 > 0


def test_a_station_keeps_only_what_is_made_there_whatever_its_article(world):
    assert made("Raw Gold", "Blast Furnace") == ["Gold Ingot"]
    assert made("Raw Gold", "a blast furnace") == ["Gold Ingot"]
    assert made("Slimeball", "Crafting Table") == made("Slimeball")


def test_a_station_that_takes_nothing_of_it_says_so(world):
    observed = _observe(lookup_uses("Raw Gold", "Smoker"))
    assert observed["count"] == 0
    assert observed["message"] == "The item data has no recipe made in Smoker that uses Raw Gold."


@pytest.fixture
def kitchen(world, tmp_path):
    return import_pack(write_zip(tmp_path / "kitchen-1.0.jar", MOD))


def test_a_mod_s_machine_is_a_use_named_by_the_mod(kitchen):
    (use,) = lookup_uses("Bread", "Slicing Board").uses
    assert use.item == "Toast"
    assert use.ways[0].station == "Slicing Board"


def test_the_uses_are_named_in_the_player_s_language(kitchen):
    assert [u.item for u in lookup_uses("Bread", "Slicing Board", language="zh_cn").uses] == [
        "吐司"
    ]


def test_a_name_the_data_does_not_have_offers_candidates_and_no_uses(world):
    observed = _observe(lookup_uses("gold sword"))
    assert observed["found"] is False
    assert "Golden Sword" in observed["candidates"]


def test_the_card_is_headed_and_named_in_the_player_s_language(kitchen):
    card = _card(lookup_uses("Kitchen Knife", language="zh_cn"))
    assert card == {"kind": "item_uses", "title": "厨刀 的用途", "items": ["吐司"]}
