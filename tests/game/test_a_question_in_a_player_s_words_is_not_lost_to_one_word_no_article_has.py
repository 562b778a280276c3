"""The knowledge search reads a question in a player's words: a word no article uses
weighs in the query (as the rarest word can) instead of ending the search, so an article
that covers the rest of the question is found, and a question made mostly of words no
article has still finds nothing. An everyday word no article has ("today", "another":
among the commonest words of any text) says little of what is asked and costs the
article as little; a rarer one ("batch") weighs in full. A Chinese pair of characters
with a function character ("才能", "让旧") that no text has spans two words and is
skipped. Names are still searched
with every word (a quest or item search never drops a word it does not know)."""

from __future__ import annotations

from agentweb.game.models import DocumentKind
from agentweb.game.queries import search_knowledge
from agentweb.game.search import search
from tests.game.articles import article


def test_an_english_question_with_a_stray_word_finds_the_article_that_covers_the_rest(world):
    article("end", "The End", "The End dimension is disabled on this server.")
    article("shop", "Coin shop", "The shop sells starter kits for coins.")
    found = search_knowledge("is the end dimension disabled? i want the dragon")
    assert [a.key for a in found] == ["manual:end"]


def test_everyday_words_no_article_has_cost_the_article_that_answers_little(world):
    article("signin", "Daily sign-in", "Signing in twice does nothing: one coin a day.")
    found = search_knowledge("sign in twice today, do i really get another coin?")
    assert [a.key for a in found] == ["manual:signin"]


def test_rarer_words_no_article_has_still_weigh_in_full(world):
    article("signin", "Daily sign-in", "Signing in twice does nothing: one coin a day.")
    assert search_knowledge("does signing in twice unlock the platinum badge") == []


def test_a_question_mostly_of_words_no_article_has_finds_nothing(world):
    article("end", "The End", "The End dimension is disabled on this server.")
    assert search_knowledge("what is the qwxv zorblat on the server?") == []


def test_a_chinese_question_skips_pairs_across_a_function_character(world):
    article("lamp", "灯塔", "把新灯挂上灯塔，旧灯就不会再在深夜闪了。")
    article("dock", "码头", "码头的船每到深夜就会离开。")
    found = search_knowledge("怎样才能让旧灯深夜不再闪？")
    assert found and found[0].key == "manual:lamp"
    assert search_knowledge("为什么没有海洋神殿？") == [], "神殿 is in no text"


def test_a_name_search_still_needs_every_word(world):
    article("end", "The End", "The End dimension is disabled on this server.")
    assert search("end dimension zorblat", [DocumentKind.ARTICLE]) == []
    assert search("end dimension zorblat", [DocumentKind.ARTICLE], partial=True)
