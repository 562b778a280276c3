"""Players name an item by its id's words as often as by its name ("cooked beef" for the
Steak, "iron block" for the Block of Iron, "leather helmet" for the Leather Cap): the name
index links an id of two words or more where no name says them already; one word of an id
is a word of many names and links nothing by the id ("quartz" is no Nether Quartz by its
id). Names from minecraft-data 1.20 items.json."""

from __future__ import annotations

import pytest

from agentweb.game.mentions import mentions
from agentweb.llm.offline import OfflinePlanner
from tests.planner.kit import run_with


def _linked(question: str) -> set[tuple[str, str]]:
    return {(m["kind"], m["name"]) for m in mentions(question)}


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("how filling is cooked beef?", "Steak"),
        ("what do I need for an iron block", "Block of Iron"),
        ("recipe for a leather helmet", "Leather Cap"),
        ("where do slime balls come from", "Slimeball"),
    ],
)
def test_the_words_of_an_id_name_the_item(world, question, name):
    assert ("item", name) in _linked(question)


def test_one_word_of_an_id_links_nothing_by_the_id(world):
    assert ("item", "Nether Quartz") not in _linked("can i move budding quartz")


def test_a_question_by_the_id_s_words_is_answered_about_the_item(world):
    outcome = run_with(OfflinePlanner(), "how much hunger does cooked beef restore?")
    assert "Steak" in outcome.text, outcome.text
    assert "8" in outcome.text
