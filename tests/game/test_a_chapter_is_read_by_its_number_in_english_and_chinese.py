"""The numbers chapters are named by — in a question and in a chapter's title — in
digits, English words and ordinals, and Chinese numerals; and which chapters a number
names among books (:mod:`agentweb.game.chapter_refs`)."""

from __future__ import annotations

import pytest

from agentweb.game.chapter_refs import LAST, chapters_numbered, references, title_number


@pytest.mark.parametrize(
    ("text", "said", "number"),
    [
        ("how many quests in chapter two?", "chapter two", 2),
        ("ch. 3 quests", "ch. 3", 3),
        ("Chapter 2 里有几个任务", "Chapter 2", 2),
        ("what is in the second chapter", "second chapter", 2),
        ("the 11th chapter", "11th chapter", 11),
        ("第二章一共几个任务", "第二章", 2),
        ("第 12 章", "第 12 章", 12),
        ("第十二章有什么", "第十二章", 12),
        ("第二十章", "第二十章", 20),
        ("第零章", "第零章", 0),
        ("第三个章节有几个任务", "第三个章", 3),
        ("what's in the last chapter?", "last chapter", LAST),
        ("霜钟谷最后一章有几个任务", "最后一章", LAST),
    ],
)
def test_a_chapter_number_is_read_in_every_form(text, said, number):
    (found,) = references(text)
    assert (found.text, found.number) == (said, number)


@pytest.mark.parametrize(
    "text",
    ["which chapter group is it in", "the first chapter group", "each 2 of them", "第二个任务"],
)
def test_words_that_name_no_chapter_number_are_no_reference(text):
    assert references(text) == []


@pytest.mark.parametrize(
    ("title", "number"),
    [
        ("Chapter 0: From Dust", 0),
        ("Ch. 4 - Space", 4),
        ("Chapter One", 1),
        ("第三章 冰洞", 3),
        ("1. Basics", 1),
        ("Applied Energistics", None),
        ("10 Tips", None),
        ("初雪营地", None),
    ],
)
def test_a_title_carries_the_number_at_its_start(title, number):
    assert title_number(title) == number


NUMBERED = [("n/a", ["Applied Energistics"]), ("n/0", ["Chapter 0: X"]), ("n/1", ["Chapter 1"])]
PLAIN = [("p/a", ["Camp", "营地"]), ("p/b", ["Smithy"])]


def test_titles_that_carry_the_number_win_over_places():
    assert chapters_numbered(1, {"n": NUMBERED, "p": PLAIN}) == ([("n", "n/1")], True)


def test_a_place_is_meant_only_in_a_book_named_or_the_only_book():
    assert chapters_numbered(2, {"n": NUMBERED, "p": PLAIN}, ["p"]) == ([("p", "p/b")], True)
    assert chapters_numbered(2, {"p": PLAIN}) == ([("p", "p/b")], True)
    # Several books and none named: the chapter at that place is a candidate only.
    assert chapters_numbered(2, {"n": NUMBERED, "p": PLAIN}) == ([("p", "p/b")], False)


def test_a_numbered_book_has_no_chapter_by_place():
    assert chapters_numbered(3, {"n": NUMBERED}, ["n"]) == ([], True)


def test_the_last_chapter_is_the_highest_number_else_the_last_place():
    books = {"n": NUMBERED, "p": PLAIN}
    assert chapters_numbered(LAST, books, ["n"]) == ([("n", "n/1")], True)
    assert chapters_numbered(LAST, books, ["p"]) == ([("p", "p/b")], True)
    assert chapters_numbered(LAST, books) == ([("n", "n/1"), ("p", "p/b")], False)
