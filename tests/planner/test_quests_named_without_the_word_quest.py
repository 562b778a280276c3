"""Players name quests without saying "quest": the planner looks the name up as a quest
when the question asks about quest things, and as an item when it asks about item things."""

from __future__ import annotations

import pytest

from agentweb.llm.offline import route
from agentweb.llm.offline.intent import parse
from agentweb.llm.offline.parsed import Intent
from tests.planner.kit import ask


@pytest.mark.parametrize(
    ("question", "quest"),
    [
        ("what do i have to hand in for driftwood shelter?", "driftwood shelter"),
        ("requirements for campfire cook?", "campfire cook"),
        ("how much leather for moo slayer", "moo slayer"),
        ("What does Space Trebuchet depend on?", "Space Trebuchet"),
        ("what opens up after tide pool diver", "tide pool diver"),
        ("For Beacon Fuel: what do I need, what's the reward?", "Beacon Fuel"),
        (
            "What comes before Burning Device 2: Blastastic and what does it ask for?",
            "Burning Device 2: Blastastic",
        ),
    ],
)
def test_a_quest_named_without_the_word_quest_is_read_as_a_quest(question, quest):
    p = parse(question)
    assert p.intent is Intent.QUEST_INFO
    assert p.quest == quest


def test_words_inside_a_name_are_not_what_the_question_asks():
    # "Campfire Cook" is a quest title, not a question about cooking.
    assert parse("requirements for campfire cook?").aspects == ("tasks",)
    # "cooked beef" names the item; the question asks about food.
    p = parse("How much hunger does cooked beef restore?")
    assert (p.intent, p.items, p.aspects) == (Intent.ITEM_INFO, ["cooked beef"], ("food",))


@pytest.mark.parametrize(
    "question",
    [
        "what do i have to hand in for driftwood shelter?",
        "How much hunger does cooked beef restore?",
        "Which mobs drop bones?",
    ],
)
def test_such_questions_are_routed_to_the_lookup_tools(question):
    assert route({"question": question})["workflow"] == "system:reasoning"


def test_the_quest_is_found_and_its_tasks_stated(saltmarsh):
    # shoreline_camp.snbt 5C…02: 32 oak logs.
    asked = ask("what do i have to hand in for driftwood shelter?")
    assert asked.tools == ["ftb.quest.detail"]
    assert "32× Oak Log" in asked.text


def test_a_name_that_is_no_quest_is_looked_up_as_an_item(saltmarsh):
    # No quest is called "Diamond Sword"; recipes.json has the sword.
    asked = ask("what does a diamond sword need?")
    assert asked.tools == ["ftb.quest.find", "item.source"]
    assert "2× Diamond" in asked.text
    assert "could not find a quest" not in asked.text
