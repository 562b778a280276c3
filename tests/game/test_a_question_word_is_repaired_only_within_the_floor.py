"""Typo repair of a question's words (the knowledge search) has a documented floor: a
word of six letters or more, within its allowed edits (rapidfuzz's OSA distance), to a
word with the same first letter. A real word the documents lack is never swapped for
another real word they have ("batch" is no hatch, "walking" no talking, "bunch" no
lunch or bench): it stays as typed. What is left of a contraction ("doesn't" → doesn)
is a stop word."""

from __future__ import annotations

from agentweb.game.search.terms import STOP_WORDS, closest_word, terms_of


def test_a_typo_inside_a_word_is_repaired():
    assert closest_word("diamnod", ["diamond"]) == "diamond"
    assert closest_word("smeltry", ["smeltery"]) == "smeltery"


def test_a_different_first_letter_is_another_word():
    assert closest_word("walking", ["talking"]) is None
    assert closest_word("lanterm", ["lantern", "bantern"]) == "lantern"


def test_a_five_letter_word_is_never_repaired():
    assert closest_word("bunch", ["bench", "lunch"]) is None
    assert closest_word("batch", ["hatch", "batty"]) is None


def test_a_contraction_s_stem_is_no_search_term():
    assert {"doesn", "isn", "didn"} <= STOP_WORDS
    assert terms_of("Why doesn't the lamp burn oil?") == ["lamp", "burn", "oil"]


def test_two_common_words_of_the_language_are_two_words_not_a_typo():
    assert closest_word("launch", ["lunch"]) is None
    assert closest_word("recieve", ["receive"]) == "receive", "a misspelling is rare in any text"
    assert closest_word("descend", ["decend"]) == "decend", "the document's own misspelling"
