"""The knowledge search finds Chinese text: Chinese runs are indexed and searched as pairs
of characters; a pair across two words is skipped, a character no text has means the
question is about something the data does not have."""

from __future__ import annotations

from agentweb.game.models import KnowledgeArticle
from agentweb.game.queries import search_knowledge
from agentweb.game.search.terms import index_text, terms_of


def test_chinese_becomes_pairs_of_characters_in_the_query_and_the_index():
    assert terms_of("灰烬之冬") == ["灰烬", "烬之", "之冬"]
    assert "灰烬 烬之 之冬" in index_text("那年是灰烬之冬。")
    assert terms_of("为什么下界") == ["下界"], "question words say nothing"


def test_a_chinese_question_finds_the_chinese_article(db):
    KnowledgeArticle.objects.create(
        key="manual:valley",
        source="manual",
        title="山谷",
        body="谷里已经没有村民了。他们迁去了南方。",
    )
    KnowledgeArticle.objects.create(
        key="manual:forge", source="manual", title="铁匠铺", body="铁匠铺的炉子只能烧木炭。"
    )
    assert [a.key for a in search_knowledge("为什么谷里没有村民？")] == ["manual:valley"]
    assert search_knowledge("为什么没有海洋神殿？") == [], "神殿 is in no text"
