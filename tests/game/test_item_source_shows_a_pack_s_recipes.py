"""``item.source`` and the item card show a pack's recipes: the station named (in the
player's language), tags as "any <tag>" with examples, fluids, chances — and say so when
the data has no way to obtain an item; a near name never gets another item's recipe."""

import json

import pytest
from django.template.loader import render_to_string

from agentweb.game.importers.pack import import_pack
from agentweb.game.tools.items import _observe_sources, lookup_sources, source_card

from .packs import FORGE_MOD, MIXER_MOD, vanilla_items, write_zip

pytestmark = pytest.mark.django_db


@pytest.fixture
def pack(tmp_path, db):
    vanilla_items()
    root = tmp_path / "srv"
    write_zip(root / "mods" / "mixer.jar", MIXER_MOD)
    write_zip(root / "mods" / "oldmod.jar", FORGE_MOD)
    import_pack(root)


def test_a_mod_recipe_names_its_station_and_its_tag(pack):
    out = lookup_sources("Andesite Alloy")
    way = out.sources[0]
    assert (way.kind, way.station, way.mod) == ("processing", "Mixing", "Mixer Works")
    nuggets = way.ingredients[1]
    assert (nuggets.label, nuggets.tag, nuggets.examples) == (
        "any Iron Nuggets",
        "c:nuggets/iron",
        ["Iron Nugget"],
    )
    assert way.summary == (
        "made in Mixing (Mixer Works) from 1× Andesite, 1× any Iron Nuggets (e.g. Iron Nugget)"
    )
    assert way.data == {"heat_requirement": "heated"}


def test_the_observation_says_where_it_is_made_and_that_no_crafting_recipe_exists(pack):
    obs = _observe_sources(lookup_sources("andesite alloy"))
    assert obs["made_in"] == ["Mixing (Mixer Works)"]
    assert obs["crafting_recipe"] is False
    assert "Andesite Alloy is made in: Mixing (Mixer Works)." in obs["notes"]
    assert obs["ways"][0]["ingredients"] == [
        "1× Andesite",
        "1× any Iron Nuggets (e.g. Iron Nugget)",
    ]


def test_chances_outputs_and_fluids_are_shown(pack):
    nugget = lookup_sources("Nugget of Experience").sources[0]
    assert nugget.chance == 0.75
    assert "75% of the time" in nugget.summary
    assert "1× Coal, 1× Coal (75%), 1× Nugget of Experience (75%)" in nugget.summary
    ways = lookup_sources("minecraft:honey_bottle", limit=20).sources
    honey = next(s for s in ways if s.kind == "processing")
    assert any(i.label == "250 mB Honey" and i.amount == 250 for i in honey.ingredients)


def test_the_player_s_language_names_the_item_and_the_station(pack):
    out = lookup_sources("安山合金", language="zh_cn")
    assert out.item.item_id == "mixer:andesite_alloy"
    assert out.item.name == "安山合金"
    assert out.sources[0].station == "搅拌"
    shaft = lookup_sources("传动杆", language="zh-hans")
    assert shaft.item.item_id == "mixer:shaft"
    assert shaft.sources[0].grid == [["安山合金"], ["安山合金"]]


def test_a_language_without_a_name_falls_back_to_english(pack):
    out = lookup_sources("Zinc Ingot", language="zh_cn")
    assert out.item.name == "Zinc Ingot"
    assert out.sources[0].station == "a blast furnace"


def test_a_shaped_tag_recipe_shows_any_tag_in_its_grid(pack):
    press = lookup_sources("Press").sources[0]
    assert press.grid == [["any Iron Ingots"] * 2] * 2
    assert press.ingredients[0].examples == ["Iron Ingot"]


def test_an_item_the_data_has_no_way_to_obtain_says_so(pack):
    out = lookup_sources("Zinc Nugget")
    assert out.item.item_id == "mixer:zinc_nugget"
    assert out.sources == []
    obs = _observe_sources(out)
    assert obs["obtainable"] is False
    assert obs["notes"] == [
        "The data has no way to obtain Zinc Nugget: no recipe, loot table or drop gives it."
    ]


def test_a_near_name_never_gets_another_item_s_recipe(pack):
    out = lookup_sources("andesite")
    assert out.item.item_id == "minecraft:andesite"
    assert all(s.recipe_id != "mixer:mixing/andesite_alloy" for s in out.sources)
    assert lookup_sources("mixer:andesite").item is None


def test_the_card_lists_other_stations_and_chest_loot(pack):
    card = source_card(lookup_sources("Andesite Alloy"))
    json.dumps(card)
    assert card["recipes"] == []
    assert card["stations"][0]["station"] == "Mixing"
    assert card["stations"][0]["ingredients"][1]["examples"] == ["Iron Nugget"]
    html = render_to_string("assistant/cards/item.html", {"card": card})
    assert "Other stations" in html
    assert "made in Mixing (Mixer Works)" in html
    plate = source_card(lookup_sources("Iron Plate"))
    assert any("Plate Golem" in d["summary"] for d in plate["drops"])
    assert {s["kind"] for s in plate["stations"]} == {"stonecutting"}


def test_a_drop_names_its_block_in_the_player_s_language(pack):
    raw = lookup_sources("Raw Zinc", language="zh_cn").sources[0]
    assert (raw.kind, raw.from_name) == ("block_drop", "锌矿石")
    assert lookup_sources("Raw Zinc").sources[0].from_name == "Zinc Ore"
