"""Importing the same pack again changes nothing; a newer pack reports what was added,
changed and removed, and every cache follows; a dry run writes nothing."""

import pytest

from agentweb.game import queries, versions
from agentweb.game.importers.pack import import_pack
from agentweb.game.models import GameName, Item, ItemSource, PackImport, Recipe
from agentweb.game.pack_imports import run_import

from .packs import MIXER_MOD, vanilla_items, write_zip

pytestmark = pytest.mark.django_db


@pytest.fixture
def jar(tmp_path, db):
    vanilla_items()
    return write_zip(tmp_path / "mixer.jar", MIXER_MOD)


def state():
    return (
        sorted(Item.objects.values_list("pk", "item_id")),
        sorted(Recipe.objects.values_list("pk", "digest")),
        sorted(ItemSource.objects.values_list("pk", "key")),
        sorted(GameName.objects.values_list("pk", "text")),
    )


def test_the_same_files_again_change_nothing(jar):
    import_pack(jar)
    before, stamp = state(), versions.current()
    report = import_pack(jar)
    assert state() == before
    assert versions.current() == stamp
    assert all((c.added, c.changed, c.removed) == (0, 0, 0) for c in report.changes.values()), (
        report.changes
    )


def newer_mod():
    files = dict(MIXER_MOD)
    files["data/mixer/recipe/mixing/andesite_alloy.json"] = {
        **files["data/mixer/recipe/mixing/andesite_alloy.json"],
        "results": [{"id": "mixer:andesite_alloy", "count": 2}],
    }
    del files["data/mixer/recipe/cogwheel.json"]
    files["data/mixer/recipe/mixing/brass.json"] = {
        "type": "mixer:mixing",
        "ingredients": [{"item": "mixer:zinc_ingot"}, {"item": "minecraft:iron_ingot"}],
        "results": [{"id": "mixer:brass_ingot"}],
    }
    lang = dict(files["assets/mixer/lang/en_us.json"])
    lang["item.mixer.brass_ingot"] = "Brass Ingot"
    del lang["item.mixer.cogwheel"]
    files["assets/mixer/lang/en_us.json"] = lang
    return files


def test_a_newer_pack_reports_added_changed_and_removed(jar, tmp_path):
    import_pack(jar)
    report = import_pack(write_zip(tmp_path / "mixer-2.jar", newer_mod()))
    recipes = report.changes["recipes"]
    assert (recipes.added, recipes.changed, recipes.removed) == (1, 1, 1)
    items = report.changes["items"]
    assert (items.added, items.removed) == (1, 1)
    text = "\n".join(report.lines())
    assert "recipes: 6 (1 added, 1 changed, 1 removed)" in text
    assert not Item.objects.filter(item_id="mixer:cogwheel").exists()


def test_every_cache_sees_the_new_pack(jar, tmp_path):
    import_pack(jar)
    with versions.pinned():
        assert queries.item_sources("mixer:andesite_alloy")[0].result_count == 1
        assert queries.get_item("Brass Ingot") is None
    stamp = versions.current()
    import_pack(write_zip(tmp_path / "mixer-2.jar", newer_mod()))
    assert versions.current() != stamp
    with versions.pinned():
        assert queries.item_sources("mixer:andesite_alloy")[0].result_count == 2
        assert queries.get_item("Brass Ingot").item_id == "mixer:brass_ingot"


def test_a_dry_run_reports_the_changes_and_writes_nothing(jar, tmp_path):
    import_pack(jar)
    before, stamp = state(), versions.current()
    record = run_import(str(write_zip(tmp_path / "mixer-2.jar", newer_mod())), dry_run=True)
    assert state() == before
    assert versions.current() == stamp
    assert record.dry_run and record.status == "succeeded"
    assert record.report["changes"]["recipes"] == {
        "added": 1,
        "changed": 1,
        "removed": 1,
        "unchanged": 4,
    }
    assert record.text.startswith("dry run (nothing written)")
    assert PackImport.objects.count() == 1


def test_only_changed_files_are_read_again(jar, tmp_path, monkeypatch):
    from agentweb.game.importers.pack import files

    import_pack(jar)
    parsed = []
    real = files.parse_recipe
    monkeypatch.setattr(files, "parse_recipe", lambda rid, *a: parsed.append(rid) or real(rid, *a))
    import_pack(jar)
    assert parsed == []
    files = dict(MIXER_MOD)  # two recipe files change; the items, tags and mods do not
    files["data/mixer/recipe/mixing/andesite_alloy.json"] = newer_mod()[
        "data/mixer/recipe/mixing/andesite_alloy.json"
    ]
    files["data/mixer/recipe/mixing/zinc.json"] = {
        "type": "mixer:mixing",
        "ingredients": [{"item": "minecraft:coal"}],
        "results": [{"id": "mixer:zinc_ingot"}],
    }
    report = import_pack(write_zip(jar, files))  # the same jar, updated in place
    assert sorted(parsed) == ["mixer:mixing/andesite_alloy", "mixer:mixing/zinc"]
    recipes = report.changes["recipes"]
    assert (recipes.added, recipes.changed, recipes.removed) == (1, 1, 0)
    assert report.per_source["mixer.jar"]["recipes"] == 7


def test_a_changed_tag_reaches_the_recipes_that_were_not_read_again(jar, tmp_path):
    import_pack(jar)
    files = dict(MIXER_MOD)
    files["data/c/tags/item/nuggets/iron.json"] = {
        "values": ["minecraft:iron_nugget", "mixer:zinc_nugget"]
    }
    import_pack(write_zip(tmp_path / "mixer-2.jar", files))
    alloy = Recipe.objects.get(recipe_id="mixer:mixing/andesite_alloy")
    assert alloy.ingredients[1]["items"] == ["minecraft:iron_nugget", "mixer:zinc_nugget"]


def test_a_renamed_station_reaches_the_recipes_that_were_not_read_again(jar, tmp_path):
    import_pack(jar)
    files = dict(MIXER_MOD)
    files["assets/mixer/lang/en_us.json"] = {
        **files["assets/mixer/lang/en_us.json"],
        "mixer.recipe.mixing": "Mechanical Mixing",
    }
    report = import_pack(write_zip(tmp_path / "mixer-2.jar", files))
    assert Recipe.objects.get(recipe_id="mixer:mixing/andesite_alloy").station == (
        "Mechanical Mixing"
    )
    assert report.recipe_types["mixer:mixing"]["station"] == "Mechanical Mixing"
    way = queries.item_sources("mixer:andesite_alloy")[0]
    from agentweb.game.tools.item_results import source_infos

    assert source_infos([way])[0].station == "Mechanical Mixing"
