"""Knowledge answers quote the sentences of the best passage that answer the question,
not the start of the article."""

from __future__ import annotations

from agentweb.llm.offline.passages import best_sentences
from tests.planner.kit import ask

ARTICLE = (
    "Welcome to the server. Please read this first. "
    "The daily sign-in gives 10 coins. A streak of seven days doubles the coins. "
    "Missing a day resets the streak."
)


def test_the_sentences_that_share_the_questions_words_are_quoted_in_order():
    quote = best_sentences(ARTICLE, "what happens to my streak if I miss a day?")
    assert quote == "A streak of seven days doubles the coins. Missing a day resets the streak."


def test_a_short_passage_is_quoted_whole():
    assert best_sentences("One. Two.", "anything") == "One. Two."


def test_a_lore_question_is_answered_by_the_quest_description(saltmarsh):
    # lang/en_us.snbt: Beacon Fuel's description, the second half of one sentence.
    asked = ask("Why doesn't the lighthouse lamp burn oil?")
    assert asked.tools == ["database.query"]
    assert "lost in the storm of the red moon" in asked.text
    assert "Beacon Fuel" in asked.text
