"""Importing a newer version of an instance reports what changed in its loot tables and its
quest book too (added, changed, removed), and the next tool call answers from the new pack:
no cache keeps the old one."""

import shutil

import pytest

from agentweb.game.importers.pack import import_pack
from tests.game.tool_kit import call_tool

from .conftest import PACKS
from .packs import PACK_MCMETA, build_instance, vanilla_items, write_zip


def _loot(item: str) -> dict:
    entry = {"type": "minecraft:item", "name": item}
    return {"type": "minecraft:chest", "pools": [{"rolls": 1, "entries": [entry]}]}


OLD = {
    "pack.mcmeta": PACK_MCMETA,
    "data/isle/loot_table/chests/shed.json": _loot("minecraft:stick"),
    "data/isle/loot_table/chests/well.json": _loot("minecraft:coal"),
}
NEW = {
    "pack.mcmeta": PACK_MCMETA,
    "data/isle/loot_table/chests/shed.json": _loot("minecraft:diamond"),  # changed
    "data/isle/loot_table/chests/tower.json": _loot("minecraft:wheat"),  # added; well removed
}
CHAPTER = "config/ftbquests/quests/chapters/first_steps.snbt"


@pytest.fixture
def root(tmp_path, db):
    vanilla_items()
    root = build_instance(tmp_path / "srv", extra={"datapacks/isle.zip": OLD})
    shutil.copytree(PACKS / "skyward_single" / "config", root / "config")
    import_pack(root, book_slug="isle")
    return root


def newer(root):
    write_zip(root / "datapacks" / "isle.zip", NEW)
    chapter = root / CHAPTER
    text = chapter.read_text(encoding="utf-8")
    # The second quest asks for another item; a third quest is new.
    text = text.replace('id: "minecraft:oak_planks"', 'id: "minecraft:stick"')
    third = '{ id: "3000000000000013" tasks: [{ id: "3000000000000113" type: "checkmark" }] }'
    text = text.replace("\t]\n}", f"\t\t{third}\n\t]\n}}")
    chapter.write_text(text, encoding="utf-8")
    return import_pack(root, book_slug="isle")


def test_loot_tables_added_changed_and_removed_are_reported(root):
    report = newer(root)
    loot = report.changes["loot tables"]
    assert (loot.added, loot.changed, loot.removed) == (1, 1, 1)
    lines = [line for line in report.lines() if line.startswith("loot tables: ")]
    assert any(line.endswith("(1 added, 1 changed, 1 removed)") for line in lines)


def test_quests_added_and_changed_are_reported(root):
    report = newer(root)
    quests = report.changes["quest book quests"]
    assert (quests.added, quests.removed) == (1, 0)
    tasks = report.changes["quest book tasks"]
    assert (tasks.added, tasks.changed) == (1, 1)


def test_the_next_tool_call_answers_from_the_new_pack(root):
    def chest_sources(item):
        obs = call_tool("item.source", {"item": item, "kind": "drops"}).observation
        return [w.get("from") for w in obs.get("ways") or [] if w["kind"] == "chest_loot"]

    assert chest_sources("coal") == ["Well"]
    assert chest_sources("diamond") == []
    newer(root)
    assert chest_sources("coal") == []
    assert chest_sources("diamond") == ["Shed"]
    quest = call_tool("ftb.quest.detail", {"quest_id": "3000000000000012"})
    assert "Stick" in str(quest.observation)
