"""The knowledge tool quotes the sentences with the question's words; a Chinese word of
one character (煤, 船) is no pair of characters the search has, but the characters of the
pairs it skipped as spanning two words still choose the sentences quoted — asking and
function characters (为, 不, 的…) do not."""

from __future__ import annotations

from agentweb.game.models import KnowledgeArticle
from agentweb.game.search.terms import characters
from agentweb.game.tools.knowledge import KnowledgeInput, _search


def test_the_characters_of_a_skipped_pair_are_its_one_character_words():
    assert characters(["烧煤", "不烧", "么船"]) == ["烧", "煤", "船"]


def test_the_sentence_with_the_one_character_word_is_quoted(world):
    KnowledgeArticle.objects.create(
        key="manual:forge",
        source="manual",
        title="熔炉",
        body="谷里挖不到煤：最后一条煤层在那场雪崩里塌了。\n铁匠铺的炉子只能烧木炭。",
    )
    found = _search(KnowledgeInput(query="铁匠铺为啥不烧煤"))
    assert found.articles[0].excerpt.startswith("谷里挖不到煤"), found.articles[0].excerpt


def test_the_same_holds_for_another_text(world):
    KnowledgeArticle.objects.create(
        key="manual:harbour",
        source="manual",
        title="港口",
        # The sentence of function characters only (们, 了) comes before the answer: the
        # sentence after the best one would be quoted with it.
        body="渔夫们去了北方。\n港口的木桥还在。\n所有的船都在礁石上撞坏了。",
    )
    found = _search(KnowledgeInput(query="港口的船为啥都坏了"))
    assert "礁石" in found.articles[0].excerpt, found.articles[0].excerpt
    assert "北方" not in found.articles[0].excerpt
