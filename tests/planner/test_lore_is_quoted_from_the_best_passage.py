"""Lore from the best passage: a "why" or "who" question is answered with the sentences
of a quest description or article that answer it, found by the database's search — in
Chinese through Chinese text, and a question about something no text has is told so."""

from __future__ import annotations

from tests.planner.kit import ask


def test_the_sentence_that_answers_is_quoted(frostbell):
    # frostbell zh_cn 3E534ABCA1A714DA: 这口钟是灰烬之冬以前的矿工们铸的。
    asked = ask("矿井里那口钟是谁铸的？")
    assert asked.tools == ["database.query"]
    assert "灰烬之冬以前的矿工们铸的" in asked.text


def test_in_english_too(frostbell):
    # frostbell en_us 3B8E67B5BE3872CB: "The ringing draws every zombie nearby to the camp."
    asked = ask("what draws the zombies to the camp?")
    assert "The ringing draws every zombie nearby to the camp." in asked.text


def test_a_question_about_nothing_the_texts_have_finds_nothing(frostbell):
    asked = ask("霜钟谷为什么没有海洋神殿？")
    assert asked.text == "服务器知识库里没有找到相关内容。"
