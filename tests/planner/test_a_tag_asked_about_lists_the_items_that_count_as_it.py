"""A question about an item tag written as the data writes it ("#c:gears") lists the items
that count as it (``item.query`` with the tag), in English and Chinese; a tag the data does
not have is said to be missing, never answered with an item of a near name."""

import pytest
from django.core.management import call_command

from agentweb.game.importers.pack import import_pack
from tests.game.packs import write_zip
from tests.game.test_a_recipe_s_tool_is_needed_not_used_up import MOD
from tests.planner.kit import ask


@pytest.fixture
def kitchen(world, tmp_path):
    return import_pack(write_zip(tmp_path / "kitchen-1.0.jar", MOD))


def test_the_items_of_a_tag_are_listed(kitchen):
    asked = ask("what items are in #c:tools/knife?")
    assert asked.tools == ["item.query"]
    assert asked.text == "Items in the tag #c:tools/knife: Kitchen Knife (kitchen:knife)."


def test_in_chinese_the_items_of_a_tag_are_named_in_chinese(kitchen):
    text = ask("#c:tools/knife 这个标签里有哪些物品").text
    assert text == "标签 #c:tools/knife 里的物品：厨刀（kitchen:knife）。"


def test_a_tag_the_data_does_not_have_is_said_to_be_missing(world):
    assert ask("#c:nothing 里有啥").text == "数据里没有物品标签 #c:nothing。"


def test_a_tag_of_nested_tags_lists_their_items(world, demo_password, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("seed_demo", verbosity=0)
    text = ask("#c:gears 这个标签里都有啥物品").text
    assert text == "标签 #c:gears 里的物品：铜齿轮（hearthworks:copper_gear）。"
