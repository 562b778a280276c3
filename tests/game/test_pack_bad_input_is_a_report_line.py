"""Bad input is a line in the report and the rest is imported — a corrupt jar, unsafe zip
paths, zip bombs past the named byte caps, lang files in the wrong encoding, duplicate ids,
bad JSON, results naming unknown items — and a failed import leaves the previous world."""

import zipfile

import pytest

from agentweb.game.importers.pack import PackImportFailed, import_pack
from agentweb.game.importers.pack import write as pack_write
from agentweb.game.importers.pack.archive import Limits
from agentweb.game.models import GameName, Item, PackImport, Recipe
from agentweb.game.pack_imports import run_import

from .packs import MIXER_MOD, PACK_MCMETA, content, vanilla_items, write_zip

pytestmark = pytest.mark.django_db


@pytest.fixture
def root(tmp_path, db):
    vanilla_items()
    root = tmp_path / "srv"
    write_zip(root / "mods" / "mixer.jar", MIXER_MOD)
    return root


def reasons(report):
    return {s.path: s.reason for s in report.skipped}


def test_a_corrupt_jar_is_reported_and_the_others_imported(root):
    (root / "mods" / "broken.jar").write_bytes(b"PK\x03\x04 this is not a zip")
    report = import_pack(root)
    assert reasons(report)["mods/broken.jar"].startswith("not a readable zip")
    assert Recipe.objects.filter(recipe_id="mixer:shaft").exists()


def test_zip_entries_outside_the_zip_are_never_used(root, tmp_path):
    evil = root / "datapacks" / "evil.zip"
    evil.parent.mkdir(parents=True)
    recipe = content(
        {
            "type": "minecraft:crafting_shapeless",
            "ingredients": ["minecraft:dirt"],
            "result": {"id": "minecraft:diamond"},
        }
    )
    with zipfile.ZipFile(evil, "w") as zf:
        zf.writestr("pack.mcmeta", content(PACK_MCMETA))
        zf.writestr("../data/evil/recipe/up.json", recipe)
        zf.writestr("/data/evil/recipe/abs.json", recipe)
        zf.writestr("data/evil/recipe/../../../escape.json", recipe)
        zf.writestr("data/evil/recipe/fine.json", recipe)
    report = import_pack(root)
    unsafe = [s for s in report.skipped if s.reason.startswith("unsafe zip entry path")]
    assert len(unsafe) == 3
    assert "datapacks/evil.zip!../data/evil/recipe/up.json" in {s.path for s in unsafe}
    assert set(
        Recipe.objects.filter(recipe_id__startswith="evil:").values_list("recipe_id", flat=True)
    ) == {"evil:fine"}
    assert not (tmp_path / "data").exists()


def test_a_zip_bomb_entry_is_cut_at_the_named_entry_cap(root, settings):
    settings.AGENTWEB_PACK_MAX_ENTRY_BYTES = 64 * 1024
    bomb = root / "datapacks" / "bomb.zip"
    bomb.parent.mkdir(parents=True)
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("pack.mcmeta", content(PACK_MCMETA))
        zf.writestr("data/bomb/recipe/huge.json", b"[" + b" " * (8 * 1024 * 1024) + b"]")
    report = import_pack(root)
    reason = reasons(report)["datapacks/bomb.zip!data/bomb/recipe/huge.json"]
    assert "AGENTWEB_PACK_MAX_ENTRY_BYTES" in reason
    assert report.bytes_read < 1024 * 1024
    assert Recipe.objects.filter(recipe_id="mixer:shaft").exists()


def test_past_the_import_cap_nothing_is_written_and_the_old_world_stays(root):
    import_pack(root)
    before = sorted(Recipe.objects.values_list("recipe_id", "digest"))
    write_zip(root / "mods" / "more.jar", {"data/more/recipe/x.json": {"type": "x:y"}})
    with pytest.raises(PackImportFailed) as caught:
        import_pack(root, limits=Limits(entry_bytes=1 << 20, import_bytes=200, entries=1000))
    assert "AGENTWEB_PACK_MAX_IMPORT_BYTES" in caught.value.report.error
    assert sorted(Recipe.objects.values_list("recipe_id", "digest")) == before


def test_the_import_cap_failure_is_kept_for_the_admin(root, settings):
    settings.AGENTWEB_PACK_MAX_IMPORT_BYTES = 500
    record = run_import(str(root))
    assert record.status == "failed"
    assert "AGENTWEB_PACK_MAX_IMPORT_BYTES" in record.report["error"]
    assert PackImport.objects.get().text.splitlines()[1].startswith("FAILED, nothing imported")


def test_a_lang_file_in_the_wrong_encoding_is_skipped(root):
    write_zip(
        root / "resourcepacks" / "gbk.zip",
        {
            "pack.mcmeta": PACK_MCMETA,
            "assets/mixer/lang/zh_cn.json": '{"item.mixer.shaft": "传动杆"}'.encode("gbk"),
        },
    )
    report = import_pack(root)
    assert reasons(report)["resourcepacks/gbk.zip!assets/mixer/lang/zh_cn.json"].startswith(
        "not UTF-8 text"
    )
    assert GameName.objects.get(key="mixer:shaft", language="zh_cn", kind="item").text == "传动杆"


def shapeless_to(item):
    return content(
        {
            "type": "minecraft:crafting_shapeless",
            "ingredients": ["minecraft:dirt"],
            "result": {"id": item},
        }
    )


@pytest.mark.filterwarnings("ignore:Duplicate name")
def test_duplicate_zip_entries_and_duplicate_lang_keys_are_reported(root):
    with zipfile.ZipFile(root / "mods" / "dup.jar", "w") as zf:
        zf.writestr("data/dup/recipe/a.json", shapeless_to("minecraft:coal"))
        zf.writestr("data/dup/recipe/a.json", shapeless_to("minecraft:stick"))
        zf.writestr("assets/dup/lang/en_us.json", '{"item.dup.x": "1st", "item.dup.x": "Second"}')
    report = import_pack(root)
    assert reasons(report)["mods/dup.jar!data/dup/recipe/a.json"] == (
        "duplicate zip entry: the last one is used"
    )
    assert Recipe.objects.get(recipe_id="dup:a").results[0]["item"] == "minecraft:stick"
    assert any("duplicate keys (item.dup.x)" in note for note in report.notes)
    assert Item.objects.get(item_id="dup:x").display_name == "Second"


def test_bad_json_and_unknown_results_name_the_file(root):
    write_zip(
        root / "datapacks" / "bad.zip",
        {
            "pack.mcmeta": PACK_MCMETA,
            "data/bad/recipe/broken.json": '{"type": "x:y",\n  "ingredients": [}',
            "data/bad/recipe/ghost.json": {
                "type": "minecraft:crafting_shapeless",
                "ingredients": ["minecraft:dirt"],
                "result": {"id": "ghost:item"},
            },
            "data/bad/loot_table/blocks/x.json": {"pools": "nope"},
        },
    )
    found = reasons(import_pack(root))
    assert found["datapacks/bad.zip!data/bad/recipe/broken.json"].startswith("bad JSON: line 2")
    assert found["datapacks/bad.zip!data/bad/recipe/ghost.json"] == (
        "recipe bad:ghost: result ghost:item is not an item of this pack"
    )
    assert found["datapacks/bad.zip!data/bad/loot_table/blocks/x.json"] == (
        "loot table bad:blocks/x: pools is not a list"
    )
    assert Recipe.objects.filter(recipe_id="mixer:shaft").exists()


def test_a_failure_while_writing_leaves_the_previous_world(root, monkeypatch):
    import_pack(root)
    before = sorted(Item.objects.values_list("item_id", "display_name"))
    write_zip(root / "mods" / "extra.jar", {"assets/extra/lang/en_us.json": {"item.extra.a": "A"}})

    def broken(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(pack_write, "sync_names", broken)
    with pytest.raises(RuntimeError):
        import_pack(root)
    assert sorted(Item.objects.values_list("item_id", "display_name")) == before


def test_a_folder_that_is_no_pack_is_refused_with_nothing_written(tmp_path, db):
    (tmp_path / "photos").mkdir()
    (tmp_path / "photos" / "cat.json").write_text("{}")
    with pytest.raises(PackImportFailed) as caught:
        import_pack(tmp_path / "photos")
    assert "not an instance folder" in caught.value.report.error
    with pytest.raises(PackImportFailed):
        import_pack(write_zip(tmp_path / "broken.zip", {}).with_name("missing.zip"))
