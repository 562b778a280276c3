""" "Any <tag>" in the question's language: the tag's own name from a lang file
(``tag.item.<ns>.<path>``), else what its members' names in that language end with, else
English; the same for a slot that takes any of several items — in item.source, and in the
offline answer about the shipped data."""

import pytest

from agentweb.game.importers.pack import import_pack
from agentweb.game.tools.items import lookup_sources
from agentweb.lib.language import shared_ending
from tests.planner.kit import ask

from .packs import PACK_MCMETA, write_zip

MOD = {
    "META-INF/neoforge.mods.toml": 'modLoader="javafml"\n[[mods]]\nmodId="lathe"\n',
    "pack.mcmeta": PACK_MCMETA,
    "data/lathe/tags/item/plates.json": {"values": ["lathe:oak_plate", "lathe:spruce_plate"]},
    "data/c/tags/item/rods/wooden.json": {"values": ["lathe:oak_rod", "lathe:spruce_rod"]},
    "data/lathe/recipe/frame.json": {
        "type": "minecraft:crafting_shapeless",
        "ingredients": [{"tag": "lathe:plates"}, {"tag": "c:rods/wooden"}],
        "result": {"id": "lathe:frame", "count": 1},
    },
    "assets/lathe/lang/en_us.json": {
        "item.lathe.frame": "Frame",
        "item.lathe.oak_plate": "Oak Plate",
        "item.lathe.spruce_plate": "Spruce Plate",
        "item.lathe.oak_rod": "Oak Rod",
        "item.lathe.spruce_rod": "Spruce Rod",
        "tag.item.lathe.plates": "Wooden Plates",
    },
    "assets/lathe/lang/zh_cn.json": {
        "item.lathe.frame": "框架",
        "item.lathe.oak_plate": "橡木板材",
        "item.lathe.spruce_plate": "云杉木板材",
        "item.lathe.oak_rod": "橡木棒",
        "item.lathe.spruce_rod": "云杉木棒",
        "tag.item.lathe.plates": "木质板材",
    },
}


@pytest.fixture
def lathe(tmp_path, db):
    return import_pack(write_zip(tmp_path / "lathe.jar", MOD))


def labels(name: str, language: str) -> list[str]:
    (way,) = lookup_sources(name, language=language).sources
    return [i.label for i in way.ingredients]


def test_a_tag_named_by_the_lang_file_is_named_in_the_question_s_language(lathe):
    assert labels("框架", "zh_cn")[0] == "any 木质板材"
    assert labels("Frame", "en_us")[0] == "any Wooden Plates"


def test_a_tag_without_a_name_is_named_by_what_its_members_names_end_with(lathe):
    assert labels("框架", "zh_cn")[1] == "any 木棒"
    assert labels("Frame", "en_us")[1] == "any Wooden Rods"  # its readable id


def test_the_shipped_planks_read_as_any_planks_in_chinese(world):
    text = ask("木棍怎么合成？").text
    assert "任意木板" in text
    assert "Planks" not in text
    assert "any Planks" in ask("how do I make a stick?").text


def test_what_names_share_in_english_and_in_chinese():
    assert shared_ending(["Oak Planks", "Spruce Planks"]) == "Planks"
    assert shared_ending(["Oak Planks", "Stick"]) is None
    planks = ["橡木木板", "云杉木板", "白桦木板", "丛林木板", "竹板"]
    assert shared_ending(planks) == "木板"  # four of five: the bamboo's 竹板 is the odd one
    assert shared_ending(["红色的床", "苹果"]) is None
    assert shared_ending(["橡木木板"]) is None
