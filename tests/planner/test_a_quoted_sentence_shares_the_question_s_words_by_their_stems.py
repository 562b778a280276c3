"""The sentences an answer quotes from a passage share the question's words by their
stems ("crashed" is "crash", "opened" is "open"), each weighing what it tells of a topic
(an everyday word less than the word of the topic)."""

from __future__ import annotations

from agentweb.llm.offline.passages import best_sentences

PASSAGE = (
    "The configuration menu lists every mod. "
    "Sidekick is a mod for creative games. "
    "Opening Sidekick crashes the client."
)


def test_a_sentence_with_the_question_s_words_in_other_forms_is_quoted():
    quote = best_sentences(PASSAGE, "my game crashed when i opened sidekick", keep=1)
    assert quote == "Opening Sidekick crashes the client."


def test_an_everyday_word_weighs_less_than_the_word_of_the_topic():
    passage = (
        "You get one coin a day. A windmill needs eight sails. "
        "Sails get torn and really need mending."
    )
    quote = best_sentences(passage, "do windmills really get that many sails", keep=1)
    assert quote == "A windmill needs eight sails."
