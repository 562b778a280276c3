"""A quest with a subtitle and no description is told in the player's language from the
book's own translation of its subtitle — in the answer and on the quest's card, live and
after a reload — and English keeps the book's English subtitle. A translated subtitle the
importer only fell back to (the primary language has none) is not a text of its own.

Facts from the Frostbell Hollow fixture: 雪地生存 / Snow Survival has no description; its
subtitle is 别让脚冻僵 in lang/zh_cn.snbt and "Keep your feet warm" in lang/en_us.snbt.
水桶接力 has a subtitle in zh_cn only."""

from __future__ import annotations

from agentweb.game.models import KnowledgeArticle
from tests.planner.cards import card_html, stored_page
from tests.planner.kit import ask

SNOW_SURVIVAL = "680BABBF72DEA650"
BUCKET_RELAY = "5365A280DFCA5954"


def test_a_chinese_question_gets_the_chinese_subtitle(frostbell, alice):
    question = "雪地生存这个任务是关于什么的？"
    asked = ask(question)
    assert "别让脚冻僵" in asked.text and "Keep your feet" not in asked.text, asked.text
    (card,) = asked.result.cards
    assert "别让脚冻僵" in (card["subtitle"] + card["description"])
    shown = card_html(stored_page(alice, question, asked.text, asked.result.cards), "quest")
    assert "别让脚冻僵" in shown and "Keep your feet" not in shown


def test_an_english_question_keeps_the_english_subtitle(frostbell):
    asked = ask("What is the Snow Survival quest about?")
    assert "Keep your feet warm" in asked.text, asked.text


def test_only_a_translated_subtitle_of_its_own_is_written(frostbell):
    keys = set(KnowledgeArticle.objects.values_list("key", flat=True))
    assert f"quest:frostbell-hollow:{SNOW_SURVIVAL}:zh_cn" in keys
    assert not any(BUCKET_RELAY in key for key in keys)
