"""A Chinese question naming several items ("3个活塞、2个铁砧和一个盾牌", "活塞和铁砧以及
盾牌") is read as several items, each with its count: the name index finds every name in
it (a number before a name does not hide the name), and the list words split it.

Facts from minecraft-data 1.20 recipes.json: lantern = 8 iron nuggets + 1 torch, iron
nugget = 1 iron ingot → 9; bookshelf = 6 planks + 3 books, book = 3 paper + 1 leather."""

from __future__ import annotations

import pytest

from agentweb.game.mentions import mentions
from tests.planner.kit import ask


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("5个灯笼一共要几个铁锭", ["Lantern", "Iron Ingot"]),
        ("做3个活塞、2个铁砧和一个盾牌", ["Piston", "Anvil", "Shield"]),
        ("need 2x anvils", ["Anvil"]),
    ],
)
def test_a_number_before_a_name_does_not_hide_it(world, question, named):
    assert list(dict.fromkeys(m["name"] for m in mentions(question))) == named


def materials_asked(asked) -> list[dict]:
    (seen,) = [o for o in asked.rc.observations if o.tool == "item.materials"]
    return seen.input.get("items", [seen.input])


@pytest.mark.parametrize(
    ("question", "wanted"),
    [
        (
            "做3个活塞、2个铁砧和一个盾牌需要哪些原材料？",
            [("minecraft:piston", 3), ("minecraft:anvil", 2), ("minecraft:shield", 1)],
        ),
        (
            "活塞和铁砧以及盾牌的原材料",
            [("minecraft:piston", 1), ("minecraft:anvil", 1), ("minecraft:shield", 1)],
        ),
        (
            "raw materials for 3 pistons, 2 anvils and a shield",
            [("minecraft:piston", 3), ("minecraft:anvil", 2), ("minecraft:shield", 1)],
        ),
    ],
)
def test_every_item_of_a_list_is_in_the_bill_with_its_count(world, question, wanted):
    asked = ask(question)
    assert [(w["item"], w.get("count", 1)) for w in materials_asked(asked)] == wanted


def test_the_counted_item_is_made_and_the_material_asked_is_counted_in_chinese(world):
    text = ask("5个灯笼一共要几个铁锭（铁粒也算上）").text
    assert "5× 铁锭" in text, text
    assert "40 个铁粒" in text, text


def test_a_chinese_bill_names_its_materials_in_chinese(world):
    text = ask("做2个书架总共要多少皮革？").text
    assert "6× 皮革" in text, text
    assert "Leather" not in text, text
