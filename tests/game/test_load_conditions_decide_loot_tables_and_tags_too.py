"""Load conditions decide whether a loot table or a tag file is loaded, as they do for
recipes: a compat file for a mod that is not installed is left out and counted."""

import pytest

from agentweb.game.importers.pack import import_pack
from agentweb.game.models import ItemTag, LootTable

from .packs import vanilla_items, write_zip

pytestmark = pytest.mark.django_db


def chest(item: str, conditions: list) -> dict:
    entry = {"type": "minecraft:item", "name": item}
    pools = [{"rolls": 1, "entries": [entry]}]
    return {"type": "minecraft:chest", "pools": pools, "neoforge:conditions": conditions}


MOD = {
    "META-INF/neoforge.mods.toml": '[[mods]]\nmodId="compat"\n',
    "data/compat/loot_table/chests/here.json": chest(
        "minecraft:coal", [{"type": "neoforge:mod_loaded", "modid": "compat"}]
    ),
    "data/compat/loot_table/chests/absent.json": chest(
        "minecraft:diamond", [{"type": "neoforge:mod_loaded", "modid": "othermod"}]
    ),
    "data/c/tags/item/gems/compat.json": {
        "values": ["minecraft:diamond"],
        "neoforge:conditions": [{"type": "neoforge:mod_loaded", "modid": "othermod"}],
    },
    "data/c/tags/item/coals.json": {
        "values": ["minecraft:coal"],
        "neoforge:conditions": [{"type": "neoforge:item_exists", "item": "minecraft:coal"}],
    },
}


@pytest.fixture
def report(tmp_path, db):
    vanilla_items()
    return import_pack(write_zip(tmp_path / "compat.jar", MOD))


def test_a_loot_table_whose_conditions_fail_is_not_loaded(report):
    tables = set(LootTable.objects.values_list("table_id", flat=True))
    assert "compat:chests/here" in tables
    assert "compat:chests/absent" not in tables


def test_a_tag_file_whose_conditions_fail_is_not_loaded(report):
    tags = set(ItemTag.objects.values_list("tag_id", flat=True))
    assert "c:coals" in tags
    assert "c:gems/compat" not in tags


def test_what_was_not_loaded_is_counted(report):
    (source,) = report.per_source.values()
    assert source["not loaded (conditions false)"] == 2
