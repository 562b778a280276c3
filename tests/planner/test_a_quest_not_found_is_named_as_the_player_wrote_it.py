"""A quest no book has is said to be missing by the whole title the player wrote — a
title in capitals runs on over its small words ("Kill the Dragon", not "Dragon") — with
the near quests and their chapters offered when a title passes the fuzzy floor."""

from __future__ import annotations

from agentweb.llm.offline import names
from tests.planner.kit import ask


def test_the_whole_title_is_what_was_not_found(saltmarsh):
    asked = ask("What do I have to do for the Kill the Dragon quest?")
    assert asked.text.startswith('I could not find a quest named "Kill the Dragon"')


def test_a_near_title_is_offered_with_its_chapter(saltmarsh):
    asked = ask("What does the Light the Big Lantern quest need?")
    assert 'I could not find a quest named "Light the Big Lantern"' in asked.text
    assert "Did you mean: Light the Lantern (Lighthouse Keepers)?" in asked.text


def test_a_title_in_capitals_keeps_its_small_words_and_not_the_question_s():
    assert names.quest_name("For the Master of the Forge quest what do I need?") == (
        "Master of the Forge"
    )
    assert names.quest_name("What Do I Need For The Ender Dragon quest") == "Ender Dragon"
