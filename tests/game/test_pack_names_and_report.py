"""Names from every lang layout — jar and resource-pack JSON, the game's and the loader's
jars, FTB Quests ``lang/<lang>.snbt`` single and split — searchable in Chinese after the
import; and the report says what was read, what was not (KubeJS scripts are not run) and
every file skipped."""

import shutil

import pytest

from agentweb.game.importers.pack import import_pack
from agentweb.game.models import ItemTag, Quest
from agentweb.game.search.game_names import localized_names, names_matching

from .conftest import PACKS
from .packs import MIXER_MOD, build_instance, vanilla_items, write_folder, write_zip

pytestmark = pytest.mark.django_db

ZH_SPLIT = {
    "chapters/first_steps.snbt": (
        '{\n\tchapter.3000000000000001.title: "第一步"\n'
        '\tquest.3000000000000011.title: "徒手撸树"\n'
        '\tquest.3000000000000011.quest_desc: ["打一块原木。"]\n}\n'
    ),
    "file.snbt": '{\n\tfile.0000000000000001.title: "天空群岛"\n}\n',
}


@pytest.fixture
def instance(tmp_path, db):
    vanilla_items()
    root = build_instance(
        tmp_path / "srv",
        extra={
            "versions/1.21.1/1.21.1.jar": {
                "data/minecraft/tags/item/planks.json": {
                    "values": ["minecraft:oak_planks", "minecraft:spruce_planks"]
                },
                "data/minecraft/recipe/stick.json": {"type": "minecraft:crafting_shaped"},
                "assets/minecraft/lang/en_us.json": {"block.minecraft.furnace": "Furnace"},
            },
            "libraries/net/neoforged/neoforge/21.1.1/neoforge-21.1.1-universal.jar": {
                "data/c/tags/item/ingots/iron.json": {"values": ["minecraft:iron_ingot"]},
            },
            "kubejs/server_scripts/recipes.js": "ServerEvents.recipes(e => e.remove({}))\n",
            "kubejs/startup_scripts/items.js": "// items\n",
        },
    )
    shutil.copytree(PACKS / "skyward_split" / "config", root / "config")
    lang = root / "config/ftbquests/quests/lang"
    write_folder(lang / "zh_cn", ZH_SPLIT)
    (lang / "zh_tw.snbt").write_bytes('{ file.0000000000000001.title: "天空群島" }'.encode("big5"))
    return root, import_pack(root, book_slug="sky")


def test_the_game_s_and_the_loader_s_jars_give_tags_and_names(instance):
    _, report = instance
    assert ItemTag.objects.get(tag_id="minecraft:planks").items == [
        "minecraft:oak_planks",
        "minecraft:spruce_planks",
    ]
    assert ItemTag.objects.get(tag_id="c:ingots/iron").items == ["minecraft:iron_ingot"]
    layers = {s["name"]: s["layer"] for s in report.sources}
    assert layers["versions/1.21.1/1.21.1.jar"] == "game"
    assert layers["libraries/net/neoforged/neoforge/21.1.1/neoforge-21.1.1-universal.jar"] == (
        "loader"
    )
    assert any("the game's own recipes (1)" in note for note in report.notes)


def test_the_split_ftb_lang_layout_in_another_language(instance):
    quest = Quest.objects.get(book__slug="sky", quest_id="3000000000000011")
    assert quest.title == "Punch a Tree"
    key = "sky/3000000000000011"
    assert localized_names("quest", [key], "zh_cn") == {key: "徒手撸树"}
    assert localized_names("book", ["sky"], "zh_cn") == {"sky": "天空群岛"}


def test_chinese_names_from_jars_and_books_are_searchable(instance):
    item = names_matching("安山合金", kinds=["item"])[0]
    assert (item.key, item.language, item.how) == ("mixer:andesite_alloy", "zh_cn", "exact")
    chapter = names_matching("第一步", kinds=["chapter"])[0]
    assert chapter.key == "sky/3000000000000001"
    assert names_matching("锌矿", kinds=["item"])[0].key == "mixer:zinc_ore"  # a block item


def test_a_lang_file_in_the_wrong_encoding_is_a_report_line(instance):
    _, report = instance
    skipped = {s.path: s.reason for s in report.skipped}
    assert "config/ftbquests/quests/lang/zh_tw.snbt" in skipped
    assert "utf-8" in skipped["config/ftbquests/quests/lang/zh_tw.snbt"].lower()
    assert localized_names("book", ["sky"], "zh_tw") == {"sky": "Skyward Isles (split)"}


def test_kubejs_scripts_are_noted_as_not_executed(instance):
    _, report = instance
    note = next(n for n in report.notes if n.startswith("KubeJS scripts are not executed"))
    assert "2 .js files" in note
    assert "1 in kubejs/server_scripts" in note


def test_the_report_counts_per_kind_source_and_language(instance):
    _, report = instance
    assert report.counts["recipes"] >= 9
    assert report.counts["quests"] == 2
    assert report.per_source["mods/mixer-1.0.jar"]["recipes"] == 6
    assert report.per_source["mods/oldmod-1.0.jar"]["lang files"] == 1
    assert {"en_us", "zh_cn"} <= set(report.languages)
    text = "\n".join(report.lines())
    assert "from mods/mixer-1.0.jar:" in text
    assert "languages: en_us" in text
    assert f"skipped files: {len(report.skipped)}" in text


def test_a_single_jar_reads_its_lang_files_too(tmp_path, db):
    vanilla_items()
    import_pack(write_zip(tmp_path / "m.jar", MIXER_MOD))
    found = names_matching("传动杆", kinds=["item"])[0]
    assert found.key == "mixer:shaft"
