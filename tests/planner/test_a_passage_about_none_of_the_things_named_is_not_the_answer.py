"""A knowledge search whose passages mention none of the items, mobs or quests the
question names (by any of their names) found nothing about it: the next search is tried
(the question with the names in the data's words, then the names alone), and the answer
quotes an article about what was named, never one that only shares the question's other
words ("没有下界" for "没有下界的话去哪找烈焰人？")."""

from __future__ import annotations

import pytest

from agentweb.game.models import KnowledgeArticle
from agentweb.llm.offline import OfflinePlanner
from tests.planner.kit import ask, run_with

BLAZING = (
    "Where do you find a blaze if there's no nether? You'll find it in volcanic biomes of "
    "course! Also be prepared for hostile blazes."
)


@pytest.fixture
def blazing(frostbell):
    # Frostbell Hollow's 冰层之下 says 这个世界没有下界 in Chinese, about no blaze at all.
    KnowledgeArticle.objects.create(key="blazing", title="Blazing", body=BLAZING)


def test_a_chinese_question_skips_the_passage_that_only_shares_its_other_words(blazing):
    outcome = run_with(OfflinePlanner(), "没有下界的话去哪找烈焰人？")
    assert "volcanic biomes" in outcome.text, outcome.text
    assert "冰层之下" not in outcome.text


@pytest.fixture
def coast(saltmarsh):
    """Two articles sharing the question's words; only the second names its item."""
    KnowledgeArticle.objects.create(
        key="coast", title="The Coast", body="Nothing grows on this coast: the tide took it."
    )
    KnowledgeArticle.objects.create(
        key="trident-lore",
        title="Old Weapons",
        body="A trident on this coast only comes from the drowned of the reef.",
    )
    return saltmarsh


def test_an_english_question_quotes_the_article_about_the_item_it_names(coast):
    outcome = run_with(OfflinePlanner(), "why is there no trident growing on this coast?")
    assert "drowned of the reef" in outcome.text, outcome.text
    assert "the tide took it" not in outcome.text


def test_a_question_naming_nothing_quotes_the_best_ranked_article(blazing):
    outcome = run_with(OfflinePlanner(), "为什么谷里没有村民可以交易？")
    assert "迁去了南方" in outcome.text, outcome.text


def test_the_reasoning_loop_quotes_only_the_article_about_the_thing_named(coast):
    asked = ask("why is there no trident growing on this coast?")
    assert "database.query" in asked.tools, asked.tools
    assert "drowned of the reef" in asked.text, asked.text
    assert "the tide took it" not in asked.text
