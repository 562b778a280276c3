"""An answer quotes a knowledge passage, it does not translate it: a Chinese question
answered from an English-only passage says the passage is quoted in English, and an
English question answered from a Chinese one says so too (payloads by hand)."""

from __future__ import annotations

from agentweb.llm.offline import decide

KB = [{"type": "database.query", "description": "", "input_schema": {}}]


def _answer(question: str, title: str, excerpt: str) -> str:
    observation = {
        "n": 1,
        "round": 1,
        "tool": "database.query",
        "input": {"query": question},
        "result": {"articles": [{"title": title, "excerpt": excerpt}], "source_numbers": [1]},
    }
    payload = {
        "question": question,
        "round": 2,
        "rounds_total": 3,
        "final_only": True,
        "tools": [],
        "observations": [observation],
        "sources": [],
    }
    return decide(payload, 500)["text"]


def test_a_chinese_question_answered_from_an_english_passage_says_it_is_english():
    text = _answer(
        "没有下界的话去哪找烈焰人？",
        "Blazing",
        "Where do you find a blaze if there's no nether? You'll find it in volcanic biomes.",
    )
    assert text.startswith("知识库「Blazing」只有英文原文，引用如下：")
    assert "volcanic biomes" in text


def test_an_english_question_answered_from_a_chinese_passage_says_it_is_chinese():
    text = _answer("why does the forge burn no coal?", "熔炉试炼", "铁匠铺的炉子只能烧木炭。")
    assert "quoted as written in Chinese" in text and "只能烧木炭" in text


def test_a_passage_in_the_question_s_language_is_quoted_plainly():
    text = _answer("why are vanilla tools useless?", "Tools", "Vanilla tools are disabled here.")
    assert text.startswith("From the knowledge base, Tools: ")
