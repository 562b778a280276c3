"""An English excerpt found for a Chinese question shares no word with it, so nothing in
the planner tells its sentences apart: the excerpt is quoted as the search cut it (the
sentences with the question's words in English), not trimmed to its first two."""

from __future__ import annotations

from agentweb.game.models import KnowledgeArticle
from agentweb.llm.offline import OfflinePlanner
from agentweb.llm.offline.passages import best_sentences
from tests.planner.kit import run_with


def test_the_sentence_that_answers_is_quoted_though_it_comes_third(world):
    KnowledgeArticle.objects.create(
        key="market",
        title="The market",
        body=(
            "Coins are the market's money. The market sells goods for coins. "
            "A purchase without enough coins is refused."
        ),
    )
    outcome = run_with(OfflinePlanner(), "金币不够还能买吗？")
    assert outcome.text.startswith("知识库「The market」只有英文原文"), outcome.text
    assert "is refused" in outcome.text


def test_an_excerpt_sharing_words_with_the_question_is_still_trimmed():
    text = "Sails turn. Cogs spin. A windmill needs 8 sails."
    assert best_sentences(text, "how many sails for a windmill", chosen=True) == (
        "Sails turn. A windmill needs 8 sails."
    )
