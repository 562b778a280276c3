"""A question in a player's words weighs each word by how common it is in any text of its
language as well as by how rare it is in the knowledge base: "really", "anyway", 到底 say
little of what is asked, so words like them that no article has cost an article on the
topic less of the question than words of another topic would; a topic word no article has
still means nothing is found. Of the articles found, the one covering more of the question
comes first."""

from __future__ import annotations

from agentweb.game.models import DocumentKind, KnowledgeArticle
from agentweb.game.queries import search_knowledge
from agentweb.game.search import search
from agentweb.lib.word_frequency import LEAST, telling
from tests.game.articles import article


def share_of(made: KnowledgeArticle, question: str) -> float:
    """The share of ``question`` the article covers (0 below the relevance floor)."""
    hits = search(question, [DocumentKind.ARTICLE], partial=True, limit=5)
    return next((hit.share for hit in hits if hit.target_id == made.pk), 0.0)


def test_a_word_every_text_uses_tells_less_than_a_word_of_a_topic():
    assert telling("really") < telling("windmill") <= 1.0
    assert telling("the") == LEAST
    assert telling("一直") < telling("高炉")


def test_a_word_no_frequency_list_has_tells_all_it_can():
    assert telling("qwxvzorb") == 1.0


def test_everyday_words_no_article_has_cost_less_than_words_of_another_topic(world):
    sails = article("sails", "Windmill sails", "A windmill needs at least eight sails to turn.")
    chatty = share_of(sails, "how many sails does a windmill need honestly")
    other = share_of(sails, "how many sails does a windmill need zorblat")
    assert chatty > other > 0


def test_a_chinese_question_s_everyday_words_cost_less_too(world):
    furnace = article("furnace", "高炉", "高炉烧矿石比熔炉快一倍，但是不能烧食物。")
    # 反正 ("anyway") and 潜水艇 ("submarine"): words no article has, in either language.
    chatty = share_of(furnace, "反正高炉烧矿石比熔炉快吗")
    other = share_of(furnace, "潜水艇高炉烧矿石比熔炉快吗")
    assert chatty > other > 0


def test_a_topic_word_no_article_has_still_means_nothing_is_found(world):
    article("sails", "Windmill sails", "A windmill needs at least eight sails to turn.")
    assert search_knowledge("honestly where do i even find the frobnicator anyway lol") == []


def test_of_the_articles_found_the_one_covering_more_of_the_question_comes_first(world):
    article("kinetics", "Better kinetics", "Spin fast!")
    article(
        "electrolyzer",
        "Remember to breathe",
        "Ponder the electrolyzer to see how to build the multiblock. The machine can only "
        "spin at a maximum of 64 RPM, so do not connect it to a fast shaft.",
    )
    found = search_knowledge("how fast can the electrolyzer spin")
    assert [a.key for a in found][:1] == ["manual:electrolyzer"]
