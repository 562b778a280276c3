"""A furnace, a smoker, a stonecutter named as where another item is cooked or made is the
question's context, never its subject: the answer says whether that station takes or makes
the item asked about, and never gives the station's own recipe (English and Chinese)."""

import pytest
from django.core.management import call_command

from tests.planner.kit import ask


@pytest.fixture
def seeded(world, demo_password, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("seed_demo", verbosity=0)


def test_an_item_asked_about_in_a_blast_furnace_is_the_item_that_goes_in(world):
    text = ask("does raw gold work in a blast furnace?").text
    assert text.startswith("Yes: Raw Gold goes into a blast furnace and comes out as Gold Ingot.")
    assert "Smooth Stone" not in text, "never the blast furnace's own recipe"


def test_a_station_that_does_not_take_the_item_is_said_to_have_no_recipe_for_it(world):
    text = ask("can I cook raw gold in a smoker?").text
    assert "no recipe in a smoker that takes or makes Raw Gold" in text
    assert "Gold Ingot in a blast furnace, a furnace" in text, "where it does cook"


def test_two_cooking_stations_named_leave_the_food_as_the_subject(world):
    asked = ask("can i cook kelp on a campfire or do i need a furnace for it")
    assert "Kelp goes into a campfire and comes out as Dried Kelp" in asked.text
    assert asked.tools == ["item.source"], "the data, not the knowledge base"


def test_in_chinese_a_station_put_into_is_the_place_not_the_subject(world):
    text = ask("粗金能放高炉里烧吗").text
    assert text.startswith("可以：粗金 放进高炉会变成 金锭。")


def test_in_chinese_a_stonecutter_used_to_cut_an_item_out_says_what_it_cuts(seeded):
    text = ask("铜齿轮能用切石机切出来吗").text
    said = "可以：切石机能做出 铜齿轮：在切石机中用 1× 铜块 制作，产出 4 个铜齿轮。"
    assert text.startswith(said)


def test_a_station_used_for_an_item_it_makes_says_how_it_makes_it(world):
    text = ask("can i use a blast furnace for iron ingots").text
    assert text.startswith("Yes: a blast furnace makes Iron Ingot: from Deepslate Iron Ore")


def test_a_station_counted_as_a_thing_to_make_is_still_the_subject(world):
    text = ask("how many iron ingots for a blast furnace").text
    assert "To make 1× Blast Furnace you need these raw materials: 5× Iron Ingot" in text
