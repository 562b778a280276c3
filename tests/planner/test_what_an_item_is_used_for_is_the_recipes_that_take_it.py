""" "What can I make with X", "what is X used for", "X除了合Y还能干嘛" ask what X goes into:
the recipes that take it (``item.uses``), never where X comes from — in English and Chinese,
at a station when one is named, with how many more the data has."""

import re

import pytest
from django.core.management import call_command

from tests.planner.kit import ask, invented_names


@pytest.fixture
def seeded(world, demo_password, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("seed_demo", verbosity=0)


@pytest.mark.parametrize(
    "question",
    [
        "got like 2 stacks of slimeballs from a swamp, what can i even make with them",
        "what is slimeball used for",
        "what are slimeballs good for?",
    ],
)
def test_what_an_item_makes_is_answered_not_where_it_comes_from(world, question):
    asked = ask(question)
    assert asked.tools == ["item.uses"]
    assert asked.text.startswith(
        "Slimeball is used to make: 2× Lead (from 4× String, 1× Slimeball)"
    )
    assert "1× Sticky Piston (from 1× Slimeball, 1× Piston)" in asked.text
    assert "dropped by" not in asked.text, "never its sources"
    assert invented_names(asked, question) == []


def test_in_chinese_a_clause_naming_two_items_is_no_name_and_the_first_is_asked_about(world):
    asked = ask("铜锭除了合铜块还能干嘛")
    assert asked.text.startswith("铜锭 可以用来做：1 个铜块（材料 9× 铜锭）")
    assert "望远镜（材料 1× 紫水晶碎片、2× 铜锭）" in asked.text
    assert "找不到" not in asked.text


def test_in_chinese_what_an_item_can_make_is_its_uses(world):
    assert ask("铜锭能做什么").text.startswith("铜锭 可以用来做：")


def test_a_station_named_keeps_only_what_it_makes_from_the_item(seeded):
    asked = ask("what can i make out of a block of copper in the stonecutter")
    assert (
        asked.text
        == "In Stonecutter, Block of Copper makes: 4× Copper Gear (from 1× Block of Copper)."
    )


def test_an_item_with_many_uses_says_how_many_are_not_shown(world):
    text = ask("what can I craft with oak planks?").text
    assert text.startswith("Oak Planks is used to make: ")
    assert re.search(r"The data has \d+ more\.$", text)
