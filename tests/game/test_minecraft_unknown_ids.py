"""Recipes or drops that name ids missing from items.json are skipped and reported."""

import json

import pytest
from django.core.management import CommandError, call_command

from agentweb.game.importers.errors import ImportFailed
from agentweb.game.importers.minecraft import import_minecraft_data
from agentweb.game.models import Item, ItemSource, SourceKind

from .conftest import FIXTURES

pytestmark = pytest.mark.django_db
TINY = FIXTURES / "minecraft" / "data"


def test_a_recipe_pointing_at_an_unknown_id_is_skipped_and_reported():
    report = import_minecraft_data(TINY, "tiny")

    assert report.skipped["recipes with an unknown item id"] == 2
    assert "5→999" in report.skipped_examples["recipes with an unknown item id"]
    torch = ItemSource.objects.get(item__name="torch")
    assert torch.grid == [[["minecraft:coal"]], [["minecraft:stick"]]]
    assert any("unknown item id" in line for line in report.lines())


def test_the_rest_of_the_data_still_imports():
    report = import_minecraft_data(TINY, "tiny")

    assert Item.objects.filter(namespace="minecraft").count() == 8
    assert report.items.total == 8
    (sticks,) = ItemSource.objects.filter(item__name="stick")
    assert sticks.variant_count == 2
    assert sticks.grid[0][0] == ["minecraft:oak_planks", "minecraft:birch_planks"]
    flesh = ItemSource.objects.get(item__name="rotten_flesh", kind=SourceKind.MOB_DROP)
    assert (flesh.count_min, flesh.count_max) == (0, 2)
    assert report.skipped["entity drops of unknown items"] == 1


def test_files_the_version_does_not_list_are_reported_not_fatal():
    report = import_minecraft_data(TINY, "tiny")

    assert "blockLoot" in report.missing_files
    assert not ItemSource.objects.filter(kind=SourceKind.SMELTING).exists()


def test_an_unknown_version_is_an_error_naming_data_paths():
    with pytest.raises(ImportFailed, match=r"dataPaths\.json: no pc version '9\.9'"):
        import_minecraft_data(TINY, "9.9")


def test_a_broken_json_file_changes_nothing(tmp_path, world):
    data = tmp_path / "data"
    (data / "pc/tiny").mkdir(parents=True)
    (data / "dataPaths.json").write_text((TINY / "dataPaths.json").read_text())
    (data / "pc/tiny/items.json").write_text((TINY / "pc/tiny/items.json").read_text())
    (data / "pc/tiny/recipes.json").write_text('{"2": [')
    (data / "pc/tiny/entityLoot.json").write_text(json.dumps([]))
    before = Item.objects.count()

    with pytest.raises(CommandError, match=r"recipes\.json: line 1, column 8"):
        call_command("import_minecraft_data", str(data), "--version", "tiny")

    assert Item.objects.count() == before
