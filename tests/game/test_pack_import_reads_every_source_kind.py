"""``import_pack`` reads a mod jar, a datapack zip, an unpacked datapack, and an instance with
its mods, global and world datapacks, KubeJS data and assets, resource packs, jars in
jars and FTB Quests book — zips in place, nothing run."""

import pytest
from django.core.management import call_command

from agentweb.game.importers.pack import import_pack
from agentweb.game.models import GameName, ItemSource, PackImport, Quest, Recipe

from .packs import FORGE_MOD, MIXER_MOD, PACK_MCMETA, build_instance, vanilla_items, write_zip

pytestmark = pytest.mark.django_db

DATAPACK = {
    "pack.mcmeta": PACK_MCMETA,
    "data/server/recipe/diamond_from_dirt.json": {
        "type": "minecraft:crafting_shapeless",
        "ingredients": ["minecraft:dirt", "minecraft:dirt"],
        "result": {"id": "minecraft:diamond"},
    },
}


@pytest.fixture(autouse=True)
def vanilla(db):
    vanilla_items()


def test_a_single_mod_jar_is_read_in_place(tmp_path):
    jar = write_zip(tmp_path / "mixer-1.0.jar", MIXER_MOD)
    report = import_pack(jar)
    assert report.kind == "archive"
    assert Recipe.objects.filter(recipe_id="mixer:mixing/andesite_alloy").exists()
    assert report.per_source["mixer-1.0.jar"]["recipes"] >= 5


def test_a_datapack_zip_and_an_unpacked_datapack(tmp_path):
    zipped = write_zip(tmp_path / "server.zip", DATAPACK)
    import_pack(zipped)
    assert ItemSource.objects.filter(origin="pack", item__item_id="minecraft:diamond").exists()
    folder = tmp_path / "unpacked"
    from .packs import write_folder

    write_folder(folder, DATAPACK)
    report = import_pack(folder)
    assert report.kind == "datapack"
    assert Recipe.objects.get().recipe_id == "server:diamond_from_dirt"


def test_an_instance_reads_mods_datapacks_kubejs_and_resource_packs(tmp_path):
    root = build_instance(
        tmp_path / "srv",
        extra={
            "server.properties": "level-name=survival\nmotd=hi\n",
            "survival/datapacks/tweaks.zip": DATAPACK,
            "datapacks/global/pack.mcmeta": PACK_MCMETA,
            "datapacks/global/data/global/recipe/stick.json": {
                "type": "minecraft:crafting_shapeless",
                "ingredients": ["minecraft:dirt"],
                "result": {"id": "minecraft:stick"},
            },
            "kubejs/data/kube/recipe/coal.json": {
                "type": "minecraft:smelting",
                "ingredient": "minecraft:oak_planks",
                "result": {"id": "minecraft:coal"},
            },
            "kubejs/assets/kube/lang/en_us.json": {"item.kube.widget": "Widget"},
            "resourcepacks/names.zip": {
                "pack.mcmeta": PACK_MCMETA,
                "assets/mixer/lang/ja_jp.json": {"item.mixer.andesite_alloy": "安山岩合金"},
            },
        },
    )
    report = import_pack(root)
    names = {s["name"] for s in report.sources}
    assert {
        "mods/mixer-1.0.jar",
        "mods/oldmod-1.0.jar",
        "survival/datapacks/tweaks.zip",
        "datapacks/global",
        "kubejs",
        "resourcepacks/names.zip",
    } <= names
    ids = set(Recipe.objects.values_list("recipe_id", flat=True))
    assert {"server:diamond_from_dirt", "global:stick", "kube:coal"} <= ids
    assert GameName.objects.filter(key="kube:widget", language="en_us").exists()
    assert GameName.objects.get(key="mixer:andesite_alloy", language="ja_jp").text == "安山岩合金"


def test_jars_inside_a_jar_are_read(tmp_path):
    inner = write_zip(tmp_path / "inner.jar", FORGE_MOD).read_bytes()
    outer = write_zip(
        tmp_path / "srv" / "mods" / "bundle.jar",
        {**MIXER_MOD, "META-INF/jarjar/oldmod-1.0.jar": inner},
    )
    report = import_pack(outer.parent.parent)
    assert "mods/bundle.jar!META-INF/jarjar/oldmod-1.0.jar" in {s["name"] for s in report.sources}
    assert Recipe.objects.filter(recipe_id="oldmod:press").exists()


def test_global_datapack_folders_of_loader_mods_are_read(tmp_path):
    root = build_instance(tmp_path / "srv", extra={"config/openloader/data/extra.zip": DATAPACK})
    import_pack(root)
    assert Recipe.objects.filter(recipe_id="server:diamond_from_dirt").exists()


def test_an_instance_quest_book_is_imported_with_the_pack(tmp_path):
    from .test_ftb_lang_files_in_every_language import ZH_CN

    root = build_instance(tmp_path / "srv")
    import shutil

    from .conftest import PACKS

    shutil.copytree(PACKS / "skyward_single" / "config", root / "config")
    (root / "config/ftbquests/quests/lang/zh_cn.snbt").write_text(ZH_CN, encoding="utf-8")
    report = import_pack(root, book_slug="srv")
    quest = Quest.objects.get(book__slug="srv", quest_id="3000000000000011")
    assert quest.title == "Punch a Tree"
    assert report.counts["quests"] == 2
    assert GameName.objects.get(key="srv/3000000000000011", language="zh_cn").text == "徒手撸树"


def test_the_command_prints_the_report_and_keeps_it(tmp_path, capsys):
    jar = write_zip(tmp_path / "mixer-1.0.jar", MIXER_MOD)
    call_command("import_pack", str(jar))
    out = capsys.readouterr().out
    assert "pack import of" in out and "recipes:" in out
    record = PackImport.objects.get()
    assert record.status == "succeeded"
    assert record.report["counts"]["recipes"] >= 5
    assert "mixer:mixing" in record.text


def test_a_missing_path_is_an_error_that_writes_nothing(tmp_path):
    from django.core.management import CommandError

    with pytest.raises(CommandError, match="no such file or folder"):
        call_command("import_pack", str(tmp_path / "nowhere"))
    assert not Recipe.objects.exists()
