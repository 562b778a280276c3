"""A bill of materials in a Chinese run says where it stopped breaking things down — a
material made from itself further down, the depth limit reached — in Chinese, in the
answer and in the card's notes, live and after a reload; the model's observation and
English cards keep the English sentences.

Facts from minecraft-data 1.20 recipes.json: a honey block is 4 honey bottles and a honey
bottle comes from a honey block (a cycle); a torch takes a stick, which is crafted from
planks (cut at depth 1). Chinese names as Minecraft's zh_cn has them (蜂蜜瓶, 木棍)."""

from __future__ import annotations

from django.utils import translation

from tests.game.tool_kit import call_tool
from tests.planner.cards import card_html, stored_page
from tests.planner.kit import ask


def _bill(asked):
    (card,) = [c for c in asked.result.cards if c["kind"] == "materials"]
    return card


def test_a_cycle_is_said_in_chinese_in_the_answer_and_on_the_card(world, alice):
    question = "/reason 做一个 Honey Block 需要哪些原材料？"
    asked = ask(question)
    note = "蜂蜜瓶 往下会用到自身，所以不再拆分。"
    assert note in asked.text, asked.text
    assert _bill(asked)["notes"] == [note]
    shown = card_html(stored_page(alice, question, asked.text, asked.result.cards), "materials")
    assert note in shown and "not broken down" not in shown


def test_the_depth_limit_is_said_in_chinese_on_the_card(world):
    with translation.override("zh-hans"):
        out = call_tool("item.materials", {"item": "torch", "depth": 1, "language": "zh_cn"})
    assert out.card["notes"] == ["木棍 不再拆分：已达到深度上限（1 层）。"]
    assert out.observation["cuts"] == ["Stick is not broken down: the depth limit (1) was reached."]


def test_english_cards_keep_the_english_sentences(world):
    asked = ask("/reason what raw materials do I need for a honey block?")
    assert _bill(asked)["notes"] == [
        "Honey Bottle is made from itself further down; not broken down."
    ]
