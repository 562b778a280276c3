"""A Chinese question about a passage that exists only in English: its words no document
has as written are searched in English — a game's name by its English name, any other
word by its CC-CEDICT senses — so the database's ranking finds the English passage."""

from __future__ import annotations

import pytest

from agentweb.game.demo import KNOWLEDGE_DIR, load_manual_articles
from agentweb.game.models import GameName, KnowledgeArticle
from agentweb.game.queries import search_knowledge
from tests.game.search_cases import TRANSLATED


@pytest.mark.parametrize(("question", "title"), TRANSLATED)
def test_a_chinese_question_finds_the_english_article(world, question, title):
    load_manual_articles(KNOWLEDGE_DIR)
    # The server articles' Chinese versions left out: the passage is in English only.
    KnowledgeArticle.objects.filter(language="zh_cn").delete()
    found = search_knowledge(question)
    assert found and found[0].title == title, [a.title for a in found]


def test_a_game_name_in_chinese_is_searched_by_its_english_name(world):
    for language, text in (("en_us", "Glimmer Lamp"), ("zh_cn", "微光灯")):
        GameName(
            origin="pack", kind="item", key="demo:glimmer_lamp", language=language, text=text
        ).save()
    KnowledgeArticle.objects.create(
        key="manual:lamps",
        source="manual",
        title="Lighting your base",
        body="Torches burn out in the rain. A glimmer lamp never needs fuel.",
    )
    found = search_knowledge("微光灯需要燃料吗？")
    assert [a.key for a in found] == ["manual:lamps"]
