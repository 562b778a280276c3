"""A lookup answers about the item named, misspelled or not, never about a near name."""

from __future__ import annotations

import pytest

from agentweb.game.search.same_name import same_name
from tests.game.tool_kit import call_tool


@pytest.mark.parametrize(
    ("asked", "name"),
    [
        ("diamnod sword", "Diamond Sword"),
        ("iron ingots", "Iron Ingot"),
        ("sword diamond", "Diamond Sword"),
        ("iron block", "Block of Iron"),
        ("torch light", "Torchlight"),
        ("the crafting table please", "Crafting Table"),
    ],
)
def test_typos_plurals_word_order_and_spaces_are_the_same_name(asked, name):
    assert same_name(asked, name)


@pytest.mark.parametrize(
    ("asked", "name"),
    [
        ("andesite alloy", "Andesite Wall"),
        ("gold ingot", "Golden Ingot"),
        ("redstone", "Redstone Torch"),
        ("kill the dragon", "The Ender Dragon"),
        ("铁锭", "铁块"),
    ],
)
def test_another_word_is_another_name(asked, name):
    assert not same_name(asked, name)


def test_a_near_item_is_a_candidate_and_its_recipe_is_not_given(world):
    out = call_tool("item.source", {"item": "andesite alloy"})
    assert out.observation["found"] is False
    assert "Andesite Wall" in out.observation["candidates"]
    assert "ways" not in out.observation
    assert out.card is None


def test_a_misspelled_item_is_the_item(world):
    assert call_tool("item.source", {"item": "diamnod sword"}).observation["item"] == (
        "Diamond Sword"
    )
