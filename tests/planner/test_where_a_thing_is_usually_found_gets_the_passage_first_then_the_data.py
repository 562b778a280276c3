"""Where something is usually found in this world asks the pack's story and the data at
once: the passage first, then what the data says; the words around the name ("usually
found in this world", 通常) are never taken for an item's name.

Fixture: ``fixtures/ember-quarry`` (River Banks: "Clay is usually found along the river
banks, under a layer of gravel.").
"""

from __future__ import annotations

from agentweb.llm.offline import OfflinePlanner
from tests.planner.kit import run_with


def test_an_english_question_gets_the_passage_then_the_data(quarry):
    outcome = run_with(OfflinePlanner(), "where is clay usually found in this world?")
    text = outcome.text
    # This book's passage, or the shipped book's ("Clay can be found most commonly in
    # rivers and lakes"): either says where clay is.
    where = "river banks" if "river banks" in text else "rivers and lakes"
    assert where in text, text
    assert "could not find an item" not in text
    # Then the data: the clay block is crafted from clay balls.
    assert "Clay Ball" in text
    assert text.index(where) < text.index("Clay Ball")


def test_a_chinese_question_gets_them_too(quarry):
    outcome = run_with(OfflinePlanner(), "黏土通常在哪里能找到？")
    text = outcome.text
    assert "河岸" in text, text
    assert "找不到名为" not in text
    assert "黏土球" in text
    assert text.index("河岸") < text.index("黏土球")
