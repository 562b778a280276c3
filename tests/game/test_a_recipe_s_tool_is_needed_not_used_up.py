"""A tool or catalyst a mod's recipe names (Farmer's Delight's knife on the cutting board,
an infuser's catalyst) is needed, not used up: the way to obtain the item lists it apart
from what goes in, without a count, on the tool's result, the card, the /item command and
the answer, in English and in Chinese."""

import pytest
from django.utils import translation

from agentweb.game.commands import item_command
from agentweb.game.importers.pack import import_pack, world
from agentweb.game.models import Recipe
from agentweb.game.tools.items import lookup_sources
from tests.planner.kit import ask

from .packs import write_zip

MOD = {
    "META-INF/neoforge.mods.toml": 'modLoader="javafml"\n[[mods]]\nmodId="kitchen"\n'
    'displayName="Kitchen Works"\n',
    "data/kitchen/recipe/slicing/bread.json": {
        "type": "kitchen:slicing",
        "ingredients": [{"item": "minecraft:bread"}],
        "result": [{"item": {"count": 4, "id": "kitchen:toast"}}],
        "tool": {"tag": "c:tools/knife"},
    },
    "data/kitchen/recipe/infusing/glowing_ink.json": {
        "type": "kitchen:infusing",
        "input": {"item": "minecraft:ink_sac", "count": 2},
        "catalyst": {"item": "minecraft:glowstone"},
        "output": {"id": "kitchen:glowing_ink", "count": 2},
    },
    "data/kitchen/recipe/knife.json": {
        "type": "minecraft:crafting_shaped",
        "key": {"f": {"item": "minecraft:flint"}, "s": {"item": "minecraft:stick"}},
        "pattern": ["f", "s"],
        "result": {"count": 1, "id": "kitchen:knife"},
    },
    "data/c/tags/item/tools/knife.json": {"values": ["kitchen:knife"]},
    "assets/kitchen/lang/en_us.json": {
        "item.kitchen.toast": "Toast",
        "item.kitchen.glowing_ink": "Glowing Ink",
        "item.kitchen.knife": "Kitchen Knife",
        "kitchen.jei.slicing": "Slicing Board",
        "kitchen.jei.infusing": "Infuser",
    },
    "assets/kitchen/lang/zh_cn.json": {
        "item.kitchen.toast": "吐司",
        "item.kitchen.glowing_ink": "发光墨水",
        "item.kitchen.knife": "厨刀",
        "kitchen.jei.slicing": "切片板",
        "kitchen.jei.infusing": "灌注器",
    },
}


@pytest.fixture
def kitchen(world, tmp_path):
    return import_pack(write_zip(tmp_path / "kitchen-1.0.jar", MOD))


def test_the_tool_is_stored_as_kept_and_the_ingredient_as_used(kitchen):
    slicing = Recipe.objects.get(recipe_id="kitchen:slicing/bread")
    assert [i.get("kept", False) for i in slicing.ingredients] == [False, True]
    infusing = Recipe.objects.get(recipe_id="kitchen:infusing/glowing_ink")
    kept = [i["items"] for i in infusing.ingredients if i.get("kept")]
    assert kept == [["minecraft:glowstone"]]


def test_the_way_to_obtain_says_the_tool_apart_without_a_count(kitchen):
    (way,) = lookup_sources("Toast").sources
    assert [i.label for i in way.used_up] == ["Bread"]
    assert [i.label for i in way.tools] == ["any Knife Tools"]
    brief = way.brief()
    assert brief["ingredients"] == ["1× Bread"]
    assert brief["tools"] == ["any Knife Tools (e.g. Kitchen Knife)"]
    assert way.summary.endswith(", with any Knife Tools (e.g. Kitchen Knife) (a tool, not used up)")
    assert "1× any Knife" not in way.summary


def test_a_catalyst_is_not_used_up_either(kitchen):
    (way,) = lookup_sources("Glowing Ink").sources
    assert [i.label for i in way.used_up] == ["Ink Sac"]
    assert "with Glowstone (a tool, not used up)" in way.summary


def test_the_item_command_says_the_tool_in_chinese(kitchen):
    with translation.override("zh-hans"):
        text = item_command("吐司", None).text
    assert "需要工具" in text and "不消耗" in text


def test_the_answer_names_the_tool_as_not_used_up(kitchen):
    english = ask("how do I make toast?").text
    assert "Slicing Board" in english and "not used up" in english
    chinese = ask("吐司怎么做？").text
    assert "切片板" in chinese and "不消耗" in chinese


def test_a_pack_stored_by_an_earlier_reader_is_read_again(kitchen, tmp_path, monkeypatch):
    stored = Recipe.objects.get(recipe_id="kitchen:slicing/bread")
    stored.ingredients = [{k: v for k, v in i.items() if k != "kept"} for i in stored.ingredients]
    stored.save()  # as a reader without tools stored it
    import_pack(write_zip(tmp_path / "kitchen-1.0.jar", MOD))
    stored.refresh_from_db()
    assert not any(i.get("kept") for i in stored.ingredients), "same reader: kept as stored"

    monkeypatch.setattr(world, "READER_VERSION", world.READER_VERSION + 1)
    import_pack(write_zip(tmp_path / "kitchen-1.0.jar", MOD))

    stored.refresh_from_db()
    assert [i.get("kept", False) for i in stored.ingredients] == [False, True]
