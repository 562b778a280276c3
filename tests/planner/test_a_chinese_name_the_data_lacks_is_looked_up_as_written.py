"""A Chinese question asking how to make a thing by a name the glossary and the data lack
("铁齿轮怎么合成") looks that name up as written: the answer says it is not there and offers
the items of its kind, never their recipe; a name typed with a character of the same sound
(营活 for 营火, a pinyin input's slip) is the name."""

import pytest
from django.core.management import call_command

from agentweb.game.mentions import same_kind, things_named
from agentweb.game.models import NameKind
from tests.planner.kit import ask


@pytest.fixture
def seeded(world, demo_password, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("seed_demo", verbosity=0)


def test_a_name_no_item_has_is_said_missing_and_its_kind_offered_not_its_recipe(seeded):
    asked = ask("铁齿轮怎么合成")
    assert asked.tools == ["item.source"], "the item data, not the knowledge base"
    assert asked.text == "服务器数据里找不到名为“铁齿轮”的物品。你是不是想找：铜齿轮？"


def test_a_character_of_the_same_sound_is_the_name_misspelled(world):
    text = ask("营活怎么合").text
    assert text.startswith("营火 的合成方式：有序合成，材料 3× 木棍、1× 煤炭或木炭")


def test_a_character_of_another_sound_is_another_name(seeded):
    assert things_named("铁齿轮", [NameKind.ITEM]) == []
    assert [t.key for t in same_kind("铁齿轮", [NameKind.ITEM], 5)] == ["hearthworks:copper_gear"]


def test_a_word_before_how_that_points_at_something_is_no_name(world):
    assert ask("这个怎么做").tools != ["item.source"]
