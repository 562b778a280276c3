"""Item names are the game's: a quest's potion stack is named by the potion it holds (a
water bottle is not "Potion"), in the 1.20 NBT and the 1.21 components layouts."""

from __future__ import annotations

import pytest

from agentweb.game.importers.ftb_records import potion_name


@pytest.mark.parametrize(
    ("item_id", "stack", "name"),
    [
        ("minecraft:potion", {"tag": {"Potion": "minecraft:water"}}, "Water Bottle"),
        (
            "minecraft:potion",
            {"components": {"minecraft:potion_contents": {"potion": "minecraft:water"}}},
            "Water Bottle",
        ),
        (
            "minecraft:potion",
            {"tag": {"Potion": "minecraft:long_swiftness"}},
            "Potion of Swiftness",
        ),
        (
            "minecraft:splash_potion",
            {"tag": {"Potion": "minecraft:healing"}},
            "Splash Potion of Healing",
        ),
        ("minecraft:potion", {"tag": {"Potion": "minecraft:awkward"}}, "Awkward Potion"),
        ("minecraft:tipped_arrow", {"tag": {"Potion": "minecraft:poison"}}, "Arrow of Poison"),
        ("minecraft:potion", {}, ""),
        ("minecraft:stone", {"tag": {"Potion": "minecraft:water"}}, ""),
    ],
)
def test_the_potion_a_stack_holds_names_it(item_id, stack, name):
    assert potion_name(item_id, stack) == name
