"""Precedence as the game orders sources: mods by file name, then global datapacks, the
world's datapacks, KubeJS data; names from mods, KubeJS assets, then the resource packs
enabled in options.txt in its order."""

import pytest

from agentweb.game.importers.pack import import_pack
from agentweb.game.models import ItemSource, Recipe
from agentweb.game.search.game_names import localized_names

from .packs import MIXER_MOD, PACK_MCMETA, vanilla_items, write_folder, write_zip

pytestmark = pytest.mark.django_db

ALLOY = "data/mixer/recipe/mixing/andesite_alloy.json"


def alloy_from(item, count=1):
    return {
        "type": "mixer:mixing",
        "ingredients": [{"item": item}],
        "results": [{"id": "mixer:andesite_alloy", "count": count}],
    }


def datapack(recipe):
    return {"pack.mcmeta": PACK_MCMETA, ALLOY: recipe}


@pytest.fixture
def root(tmp_path, db):
    vanilla_items()
    root = tmp_path / "srv"
    write_zip(root / "mods" / "mixer.jar", MIXER_MOD)
    return root


def alloy_recipe():
    return Recipe.objects.get(recipe_id="mixer:mixing/andesite_alloy")


def test_a_datapack_replaces_the_mod_s_recipe_with_the_same_id(root):
    write_zip(root / "world" / "datapacks" / "tweak.zip", datapack(alloy_from("minecraft:dirt")))
    import_pack(root)
    assert alloy_recipe().ingredients == [{"items": ["minecraft:dirt"], "count": 1}]
    assert alloy_recipe().source == "world/datapacks/tweak.zip"
    # Only the replacing recipe is a way to obtain the alloy.
    rows = ItemSource.objects.filter(item__item_id="mixer:andesite_alloy")
    assert [r.ingredients[0]["items"] for r in rows] == [["minecraft:dirt"]]


def test_world_datapacks_later_by_name_win(root):
    write_zip(root / "world" / "datapacks" / "a.zip", datapack(alloy_from("minecraft:dirt")))
    write_zip(root / "world" / "datapacks" / "b.zip", datapack(alloy_from("minecraft:coal")))
    import_pack(root)
    assert alloy_recipe().source == "world/datapacks/b.zip"


def test_world_datapacks_beat_global_ones_and_kubejs_beats_both(root):
    write_zip(root / "datapacks" / "global.zip", datapack(alloy_from("minecraft:coal")))
    write_zip(root / "world" / "datapacks" / "w.zip", datapack(alloy_from("minecraft:dirt")))
    import_pack(root)
    assert alloy_recipe().source == "world/datapacks/w.zip"
    write_folder(root / "kubejs", {ALLOY: alloy_from("minecraft:stick", 3)})
    import_pack(root)
    assert alloy_recipe().source == "kubejs"
    assert alloy_recipe().results == [{"item": "mixer:andesite_alloy", "count": 3}]


def test_the_level_name_of_server_properties_says_where_the_world_is(root):
    write_folder(root, {"server.properties": "level-name=realm\n"})
    write_zip(root / "realm" / "datapacks" / "r.zip", datapack(alloy_from("minecraft:dirt")))
    write_zip(root / "world" / "datapacks" / "old.zip", datapack(alloy_from("minecraft:coal")))
    import_pack(root)
    assert alloy_recipe().source == "realm/datapacks/r.zip"


def zh(text):
    return {
        "pack.mcmeta": PACK_MCMETA,
        "assets/mixer/lang/zh_cn.json": {"item.mixer.andesite_alloy": text},
    }


def zh_name():
    return localized_names("item", ["mixer:andesite_alloy"], "zh_cn")["mixer:andesite_alloy"]


def test_resource_packs_override_names_in_options_txt_order(root):
    write_zip(root / "resourcepacks" / "a.zip", zh("甲"))
    write_zip(root / "resourcepacks" / "b.zip", zh("乙"))
    write_zip(root / "resourcepacks" / "off.zip", zh("丙"))
    options = 'resourcePacks:["vanilla","mod_resources","file/b.zip","file/a.zip"]\n'
    write_folder(root, {"options.txt": options})
    report = import_pack(root)
    assert zh_name() == "甲"  # listed last: on top
    assert {s.path: s.reason for s in report.skipped}["resourcepacks/off.zip"] == (
        "resource pack not enabled in options.txt"
    )


def test_kubejs_assets_override_a_mod_s_names(root):
    write_folder(
        root / "kubejs", {"assets/mixer/lang/zh_cn.json": {"item.mixer.andesite_alloy": "合金"}}
    )
    import_pack(root)
    assert zh_name() == "合金"


def test_one_source_with_both_folder_generations_uses_the_1_21_file(root):
    write_zip(
        root / "datapacks" / "both.zip",
        {
            "pack.mcmeta": PACK_MCMETA,
            ALLOY: alloy_from("minecraft:dirt"),
            ALLOY.replace("/recipe/", "/recipes/"): alloy_from("minecraft:coal"),
        },
    )
    report = import_pack(root)
    assert alloy_recipe().ingredients[0]["items"] == ["minecraft:dirt"]
    assert any("duplicate id mixer:mixing/andesite_alloy" in s.reason for s in report.skipped)
