"""A quest's description, as a knowledge article, is also named by its book: a player
who says which book she means ("the keeper in Saltmarsh", "in saltmarsh reach") finds it,
where the book's name used to count as a word no article has."""

from __future__ import annotations

from agentweb.game import queries
from agentweb.llm.offline import OfflinePlanner
from tests.planner.kit import run_with


def test_the_book_named_finds_its_quests_description(saltmarsh):
    found = queries.search_knowledge("the lighthouse keeper of saltmarsh reach, who was he?")
    assert "The Keeper's Log" in [a.title for a in found]


def test_the_answer_quotes_it(saltmarsh):
    # saltmarsh-reach lang/en_us.snbt, The Keeper's Log: "… followed green lights into the bay"
    outcome = run_with(OfflinePlanner(), "in saltmarsh, where did the lighthouse keeper go?")
    assert "green lights" in outcome.text, outcome.text


def test_a_chinese_question_naming_the_book_too(saltmarsh):
    # Shell Collector: "The old keepers say the drowned took them …" (English only)
    found = queries.search_knowledge("Saltmarsh Reach 里的 Drowned 把村子怎么了")
    assert [a.title for a in found][:1] == ["Shell Collector"]
    outcome = run_with(OfflinePlanner(), "Saltmarsh Reach 里的溺尸把村子怎么了？")
    assert "the drowned took them" in outcome.text, outcome.text
