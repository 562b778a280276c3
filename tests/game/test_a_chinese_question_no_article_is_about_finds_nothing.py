"""A Chinese question whose words the dictionary knows but no passage is about still finds
nothing: a word no document has in either language weighs as the rarest word can, and a
Chinese passage that has none of the words found in English is measured as the question
reads without them (the translation finds English passages; it does not lower what a
passage in the question's own language must cover). One dictionary word alone is a guess
among its senses: a document must have two of the question's words, or a game's name."""

from __future__ import annotations

import pytest

from agentweb.game.demo import KNOWLEDGE_DIR, load_manual_articles
from agentweb.game.models import KnowledgeArticle
from agentweb.game.queries import search_knowledge
from tests.game.search_cases import TRANSLATED_NOTHING


@pytest.mark.parametrize("question", TRANSLATED_NOTHING)
def test_dictionary_words_with_no_article_find_nothing(world, question):
    load_manual_articles(KNOWLEDGE_DIR)
    assert search_knowledge(question) == []


def test_a_chinese_article_is_not_found_by_the_translation_of_another_word(world):
    KnowledgeArticle.objects.create(
        key="manual:valley",
        source="manual",
        title="冰谷的来客",
        body="冰谷里已经没有村民了。他们迁去了南方。",
    )
    KnowledgeArticle.objects.create(
        key="manual:end", source="manual", title="Dimensions", body="The End is disabled."
    )
    found = [a.key for a in search_knowledge("冰谷为什么没有末地？")]
    assert "manual:valley" not in found, "the valley's article says nothing of the End"


def test_one_dictionary_word_alone_does_not_find_a_document(world):
    load_manual_articles(KNOWLEDGE_DIR)
    KnowledgeArticle.objects.create(
        key="manual:vault", source="manual", title="Vault", body="The vault door opens at dawn."
    )
    found = [a.key for a in search_knowledge("商店几点关门？")]
    assert "manual:vault" not in found, "关门 is 'to close a door' among others"
