"""A pair of two Chinese function characters ("才能" in "怎样才能…", "不再") is no word of
the question's topic, even where an article happens to write it ("遵守规则，才能玩得开心"):
the article that answers the question's words is still found."""

from __future__ import annotations

import pytest

from agentweb.game import queries
from agentweb.game.models import ArticleSource, KnowledgeArticle
from agentweb.game.search.terms import terms_of

pytestmark = pytest.mark.django_db

QUESTION = "怎样才能让旧钟半夜不再响？"


def article(key: str, title: str, body: str) -> None:
    KnowledgeArticle.objects.create(
        key=key, source=ArticleSource.MANUAL, language="zh_cn", title=title, body=body
    )


def test_the_pair_is_no_term_of_the_question():
    terms = terms_of(QUESTION)
    assert "旧钟" in terms and "半夜" in terms
    assert "才能" not in terms and "不再" not in terms


def test_an_article_that_writes_the_pair_does_not_hide_the_answer():
    article("bell", "金色的钟", "把新钟挂上钟楼，旧钟就不会再响了。")
    article("night", "夜里", "半夜常有怪物出没。")
    article("rules", "规则", "大家遵守规则，才能玩得开心，不再吵架。")
    found = [a.key for a in queries.search_knowledge(QUESTION)]
    assert "bell" in found and "rules" not in found
