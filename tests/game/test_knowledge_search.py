"""Knowledge-base search by words."""

from agentweb.game import queries
from agentweb.game.demo import KNOWLEDGE_DIR, load_manual_articles


def test_server_articles_are_found_by_their_words(world):
    load_manual_articles(KNOWLEDGE_DIR)

    (first, *_) = queries.search_knowledge("how does the daily sign-in streak work?")
    assert first.title == "How the daily sign-in works"


def test_plural_words_find_singular_ones_and_titles_weigh_most(world):
    load_manual_articles(KNOWLEDGE_DIR)

    assert queries.search_knowledge("server rules")[0].key == "manual:server-rules"


def test_quest_descriptions_are_searchable(world):
    found = queries.search_knowledge("andesite boulders")
    assert found[0].quest.title == "Andesite"


def test_stop_words_alone_find_nothing(world):
    assert queries.search_knowledge("how do I") == []


def test_loading_the_articles_twice_changes_nothing(world):
    first = load_manual_articles(KNOWLEDGE_DIR)
    second = load_manual_articles(KNOWLEDGE_DIR)
    assert first.created == 12  # six articles, in English and in Chinese
    assert not second.changed
