"""A Chinese question whose only passage is in English: the knowledge base is searched
for the question, then for it with the names it links in the data's words, then for those
names alone; the database's ranking picks the passage, quoted as English, with the
sentence that answers the question the passage asks."""

from __future__ import annotations

import pytest

from agentweb.game.models import KnowledgeArticle
from agentweb.llm.offline import OfflinePlanner
from tests.planner.kit import run_with

BLAZING = (
    "Where do you find a blaze if there's no nether? You'll find it in volcanic biomes of "
    "course! Also be prepared for hostile blazes."
)


@pytest.fixture
def blazing(world):
    KnowledgeArticle.objects.create(key="blazing", title="Blazing", body=BLAZING)


def test_a_chinese_question_is_answered_from_the_english_passage(blazing):
    outcome = run_with(OfflinePlanner(), "没有下界的话去哪找烈焰人？")
    assert outcome.workflow == "system:question"
    assert outcome.text.startswith("知识库「Blazing」只有英文原文"), outcome.text
    assert "volcanic biomes" in outcome.text


def test_the_english_question_finds_it_as_asked(blazing):
    outcome = run_with(OfflinePlanner(), "where do I find a blaze if there is no nether?")
    assert "volcanic biomes" in outcome.text, outcome.text


def test_a_chinese_question_about_nothing_the_passages_have_finds_nothing(blazing):
    outcome = run_with(OfflinePlanner(), "为什么找不到末影龙？")
    assert "Blazing" not in outcome.text, outcome.text
