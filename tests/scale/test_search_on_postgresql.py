"""Full-text search on PostgreSQL (tsvector + GIN, ts_rank): the same ranking cases as SQLite."""

from __future__ import annotations

import json

import pytest

from tests.game.search_cases import (
    NAMED,
    NOTHING,
    RANKED,
    TITLED,
    TRANSLATED,
    TRANSLATED_NOTHING,
)
from tests.scale.stack import manage, stack_env

pytestmark = pytest.mark.scale

PROBE = "from tests.scale.search_probe import main; main()"


@pytest.fixture(scope="module")
def probe(scale_db, scale_urls, model_server) -> dict:
    env = stack_env(scale_db[0], scale_urls[1], model_server.url)
    out = manage(env, "shell", "-c", PROBE)
    return json.loads(out.split("SEARCH=", 1)[1].strip())


def test_the_search_runs_on_postgresql(probe):
    assert probe["vendor"] == "postgresql"


@pytest.mark.parametrize(("index", "case"), list(enumerate(RANKED)))
def test_the_expected_document_comes_first_on_postgresql(probe, index, case):
    query, kind, expected = case
    assert probe["ranked"][index][:2] == [query, kind]
    assert probe["ranked"][index][2][:1] == [expected]


@pytest.mark.parametrize(("index", "case"), list(enumerate(NAMED)))
def test_names_resolve_on_postgresql(probe, index, case):
    query, kind, expected = case
    assert probe["named"][index] == [query, kind, expected]


def test_nonsense_finds_nothing_on_postgresql(probe):
    assert probe["nothing"] == [[q, k, 0] for q, k in NOTHING]


def test_odd_input_never_raises_on_postgresql(probe):
    assert probe["odd_input"] == "ok"


def test_saves_and_deletes_keep_the_postgresql_index_in_step(probe):
    assert probe["edits"] == {
        "created": ["manual:probe"],
        "edited": ["manual:probe"],
        "deleted": [],
    }


def test_chinese_passages_and_names_are_found_on_postgresql(probe):
    assert probe["chinese"] == {
        "passage": ["manual:valley"],
        "title": ["manual:forge"],
        "absent": [],
        "name": ["minecraft:iron_ingot"],
        "item": ["minecraft:iron_ingot"],
    }


def test_a_chinese_question_finds_an_english_only_article_on_postgresql(probe):
    assert probe["translated"]["found"] == [[q, [title]] for q, title in TRANSLATED]


def test_a_chinese_question_no_article_is_about_finds_nothing_on_postgresql(probe):
    assert probe["translated"]["nothing"] == [[q, 0] for q in TRANSLATED_NOTHING]


def test_the_excerpt_quotes_the_translated_sentence_on_postgresql(probe):
    assert probe["translated"]["excerpt"] == ["A windmill needs at least 8 sails before it turns."]


def test_of_articles_tied_on_a_question_the_one_titled_by_it_comes_first_on_postgresql(probe):
    assert probe["titled"] == [[question, first] for question, first in TITLED]


def test_reverse_drop_lookups_work_on_postgresql(probe):
    assert {"Skeleton", "Stray", "Wither Skeleton"} <= set(probe["bones"])


def test_postgresql_drops_exactly_our_stop_words(probe):
    assert probe["not_dropped"] == []
    assert probe["rules_dropped"] is False


def test_a_search_is_two_statements_on_postgresql(probe):
    # Every term's documents, the stop words and the count in one; the ranking in the other.
    assert probe["statements"] == [[2, True], [2, True], [2, True]]
