"""The knowledge card is headed in the question's language ("知识库：…" for a Chinese
question, "Knowledge base: …" for an English one), live and after a reload, and titles a
quest's article as the answer does (the book's own Chinese title); a card stored before
it carried its query keeps its stored heading.

Facts from the Frostbell Hollow fixture: the quest 钟声之夜 (Night of the Bell) says who
cast the bell."""

from __future__ import annotations

from agentweb.assistant.page.cards import card_view
from tests.planner.cards import stored_page
from tests.planner.kit import ask

QUESTION = "矿井里那口钟是谁铸的？"


def test_a_chinese_question_s_knowledge_card_is_headed_and_titled_in_chinese(frostbell):
    asked = ask(QUESTION)
    (card,) = asked.live_cards
    assert card == asked.result.cards[0]
    assert card_view(card, "zh-hans").heading == f"知识库：{QUESTION}"
    assert [a["title"] for a in card["articles"]] == ["钟声之夜"]
    assert "钟声之夜" in asked.text


def test_after_a_reload_the_page_heads_it_in_chinese(frostbell, alice):
    asked = ask(QUESTION)
    page = stored_page(alice, QUESTION, asked.text, asked.result.cards)
    assert f"知识库：{QUESTION}" in page
    assert "Knowledge base: 矿井" not in page
    assert "钟声之夜 — 这口钟是灰烬之冬以前的矿工们铸的" in page


def test_an_english_question_s_card_reads_as_before(frostbell):
    question = "What draws the zombies to the camp?"
    (card,) = ask(question).result.cards
    view = card_view(card, "en")
    assert view.heading == f"Knowledge base: {question}" == card["title"]
    assert [a["title"] for a in card["articles"]] == ["The First Night"]


def test_a_card_stored_without_its_query_keeps_its_heading():
    card = {"kind": "articles", "title": "Knowledge base: rules", "articles": []}
    assert card_view(card, "zh-hans").heading == "Knowledge base: rules"
