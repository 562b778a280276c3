"""A quest card shows a stack of reward items with its count once — "4× 面包", "4× Bread",
never "4× 4× Bread" — as the page lays it out live (the card's count before its label) and
after a reload, in Chinese and in English.

Facts from the Frostbell Hollow fixture: 云杉小屋 / Spruce Cabin gives 4 bread (面包 in
Minecraft's zh_cn)."""

from __future__ import annotations

import re

from django.utils import translation

from agentweb.ftb.commands import quest_command
from tests.planner.cards import card_html, stored_page

SPRUCE_CABIN = "345B52D13DC135BF"


def _card(language: str):
    with translation.override(language):
        answer = quest_command(SPRUCE_CABIN, None)
    (card,) = answer.cards
    return answer, card


def _shown(user, question: str, answer) -> str:
    html = card_html(stored_page(user, question, answer.text, answer.cards), "quest")
    return " ".join(re.sub(r"<[^>]*>", " ", html).split())


def test_a_chinese_card_counts_the_bread_once(frostbell, alice):
    answer, card = _card("zh-hans")
    (reward,) = card["rewards"]
    assert (reward["count"], reward["label"]) == (4, "面包")
    shown = _shown(alice, "云杉小屋", answer)
    assert "4× 面包" in shown and "4× 4×" not in shown, shown


def test_an_english_card_counts_the_bread_once(frostbell, alice):
    answer, card = _card("en")
    assert [(r["count"], r["label"]) for r in card["rewards"]] == [(4, "Bread")]
    shown = _shown(alice, "Spruce Cabin", answer)
    assert "4× Bread" in shown and "4× 4×" not in shown, shown
    assert "Rewards: 4× Bread." in answer.text, "the reply keeps its words"
