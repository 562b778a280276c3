"""A Chinese name of one character (箭, 线, 船: the game's own zh_cn names) right after a
verb that asks for an item or about a thing — 掉落, 烧制, 获取, 需要, 介绍一下, 说说 — is
that name, so the question is about it; inside a longer word it still is not (线缆)."""

from __future__ import annotations

import pytest

from agentweb.game.mentions import mentions
from tests.planner.kit import ask


def _linked(question: str) -> set[tuple[str, str]]:
    return {(m["kind"], m["name"]) for m in mentions(question)}


@pytest.mark.parametrize(
    ("question", "thing"),
    [
        ("哪些怪物会掉落箭？", ("item", "Arrow")),
        ("在哪里能获取线", ("item", "String")),
        ("介绍一下船", ("entity", "Boat")),
        ("说说弓", ("item", "Bow")),
    ],
)
def test_a_one_character_name_after_such_a_verb_is_linked(world, question, thing):
    assert thing in _linked(question)


def test_inside_a_longer_word_after_the_verb_it_is_not(world):
    assert ("item", "String") not in _linked("哪些怪物掉落线缆？")


def test_the_mobs_that_drop_it_are_answered(world):
    # minecraft-data 1.20 entityLoot: the Skeleton drops arrows.
    asked = ask("什么怪物会掉落箭？")
    assert asked.tools == ["item.source"], asked.tools
    assert "骷髅" in asked.text, asked.text
