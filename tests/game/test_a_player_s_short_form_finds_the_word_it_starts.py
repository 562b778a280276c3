"""In a question in a player's words (the knowledge search), a word no article has and no
typo explains is tried as the start of a word: "min" finds "minimum", "info" finds
"information". Names are not: a quest or item search never reads a word as a start."""

from __future__ import annotations

from agentweb.game.models import DocumentKind
from agentweb.game.queries import search_knowledge
from agentweb.game.search import search
from tests.game.articles import article


def test_min_finds_the_article_about_the_minimum(world):
    article("kiln", "Kiln", "The minimum heat for a kiln is 40. The maximum is 90.")
    found = search_knowledge("min and max kiln heat?")
    assert [a.key for a in found] == ["manual:kiln"]


def test_a_short_form_in_another_article_s_words_is_found_too(world):
    article("ranks", "Ranks", "Rank information is on the board at spawn.")
    found = search_knowledge("where is the rank info")
    assert [a.key for a in found] == ["manual:ranks"]


def test_a_name_search_does_not_read_a_word_as_its_start(world):
    article("kiln", "Kiln", "The minimum heat for a kiln is 40. The maximum is 90.")
    assert search("min kiln", [DocumentKind.ARTICLE]) == []
