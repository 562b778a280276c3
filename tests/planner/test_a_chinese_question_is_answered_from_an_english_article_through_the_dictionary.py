"""A Chinese question about a server article written only in English, naming nothing the
name index knows: the knowledge search reads its words in English (the dictionary), and
the answer quotes the English sentences that answer it, said to be English; a question
whose words no article is about is still answered "nothing found"."""

from __future__ import annotations

import pytest

from agentweb.game.demo import KNOWLEDGE_DIR, load_manual_articles
from agentweb.game.models import KnowledgeArticle
from agentweb.llm.offline import OfflinePlanner
from tests.planner.kit import run_with


@pytest.fixture
def articles(world):
    load_manual_articles(KNOWLEDGE_DIR)
    # The server articles' Chinese versions left out: the articles are in English only.
    KnowledgeArticle.objects.filter(language="zh_cn").delete()


def test_the_english_article_is_quoted_for_the_chinese_question(articles):
    outcome = run_with(OfflinePlanner(), "商店卖食物吗？")
    assert outcome.text.startswith("知识库「The coin shop」只有英文原文"), outcome.text
    assert "food" in outcome.text


def test_a_question_no_article_is_about_is_answered_nothing_found(articles):
    outcome = run_with(OfflinePlanner(), "服务器每周几点备份？")
    assert outcome.text == "服务器知识库里没有找到相关内容。", outcome.text
