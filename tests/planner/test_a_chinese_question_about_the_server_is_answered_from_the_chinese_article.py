"""A Chinese question about the server's sign-in or rules is answered, through the offline
planner's workflow, with the sentences of the Chinese server article (no note that the
passage is English); the same question in English still gets the English article."""

from __future__ import annotations

import pytest

from agentweb.game.demo import KNOWLEDGE_DIR, load_manual_articles
from agentweb.lib.language import CJK
from agentweb.llm.offline import OfflinePlanner
from tests.planner.kit import run_with


@pytest.fixture
def articles(world):
    """The shipped server articles, in English and in Chinese."""
    load_manual_articles(KNOWLEDGE_DIR)


@pytest.mark.parametrize(
    ("question", "title", "quoted"),
    [
        ("签到怎么算金币？", "每日签到说明", "基础 10 金币"),
        ("连续签到断了会怎样？", "每日签到说明", "连续签到"),
        ("开矿透会被封吗？", "服务器规则", "矿透材质包"),
        ("服务器有什么规则？", "服务器规则", "五条规则"),
    ],
)
def test_a_chinese_question_quotes_the_chinese_article(articles, question, title, quoted):
    outcome = run_with(OfflinePlanner(), question)
    assert outcome.workflow == "system:question", outcome.workflow
    assert outcome.text.startswith(f"知识库「{title}」："), outcome.text
    assert quoted in outcome.text, outcome.text
    assert "英文原文" not in outcome.text


@pytest.mark.parametrize(
    ("question", "title", "quoted"),
    [
        ("how does the daily sign-in work?", "How the daily sign-in works", "Sign in once"),
        ("can I use x-ray?", "Server rules", "x-ray packs"),
    ],
)
def test_the_same_question_in_english_still_quotes_the_english_article(
    articles, question, title, quoted
):
    outcome = run_with(OfflinePlanner(), question)
    assert outcome.text.startswith(f"From the knowledge base, {title}: "), outcome.text
    assert quoted in outcome.text, outcome.text
    assert not CJK.search(outcome.text), outcome.text
