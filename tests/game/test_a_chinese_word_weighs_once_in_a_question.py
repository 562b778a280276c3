"""A Chinese word of several characters is one word of a question, however many pairs of
characters the index keeps of it (服务器: 服务, 务器), and a word that only says when
(每天) is none: "服务器每天几点重启？" asks about restarting, so an article about the
server that never says "restart" (重启) covers too little of it to be found."""

from __future__ import annotations

from agentweb.game.models import DocumentKind, KnowledgeArticle
from agentweb.game.queries import search_knowledge
from agentweb.game.search import analyse
from tests.game.articles import article


def _articles() -> None:
    article(
        "signin",
        title="每日签到说明",
        body="每天可以签到一次领金币（按服务器时间计算）。服务器每天都会结算连续签到天数。",
        language="zh_cn",
    )
    article(
        "restart",
        title="维护时间",
        body="服务器每天凌晨四点重启，重启前五分钟会在聊天里提醒。",
        language="zh_cn",
    )


def test_a_word_of_three_characters_is_one_term(world):
    _articles()
    parsed, _found = analyse("服务器几点重启", [DocumentKind.ARTICLE], partial=True)
    assert "服务器" in parsed.terms
    assert not {"服务", "务器"} & set(parsed.terms)


def test_a_word_that_says_when_is_no_term(world):
    _articles()
    parsed, _found = analyse("服务器每天几点重启？", [DocumentKind.ARTICLE], partial=True)
    assert "每天" not in parsed.terms


def test_the_article_that_says_the_asked_word_is_found_and_the_other_is_not(world):
    _articles()
    found = [a.key for a in search_knowledge("服务器每天几点重启？")]
    assert found == ["manual:restart"]


def test_without_it_the_question_finds_nothing(world):
    _articles()
    KnowledgeArticle.objects.filter(key="manual:restart").delete()
    assert search_knowledge("服务器每天几点重启？") == []
