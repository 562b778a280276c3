"""A chapter, chapter group or reward table named by two or more words of its title
("the snow camp" for First Snow Camp, "the bell tower" for Bell Tower Mine) is that
chapter, as the quest search takes a title named in part — and it wins over a shorter
name inside the phrase (the Bell). A name of another kind is never taken in part."""

from __future__ import annotations

from agentweb.game.mentions import mentions
from tests.planner.kit import ask


def test_it_is_linked_to_the_chapter(frostbell):
    (chapter,) = mentions("which quests are in the snow camp?")
    assert (chapter["kind"], chapter["name"], chapter["how"]) == (
        "chapter",
        "First Snow Camp",
        "part",
    )


def test_its_quests_are_counted(frostbell):
    asked = ask("how many quests does the bell tower have?")
    assert "Bell Tower Mine" in asked.text and "8 quests" in asked.text, asked.text


def test_a_name_inside_it_is_not_what_is_asked(frostbell):
    linked = {(m["kind"], m["name"]) for m in mentions("what is the bell tower")}
    assert linked == {("chapter", "Bell Tower Mine")}, linked


def test_an_item_is_not_named_in_part(world):
    # "iron pick" is no chapter, group or table; the item Iron Pickaxe is not linked by it.
    assert not [m for m in mentions("where do i get an iron pick") if m["how"] == "part"]


def test_a_chapter_word_and_a_number_are_no_title_in_part(world):
    # Create: Grand Expanse: "Chapter 1: To Rotation" — a chapter by number is read apart.
    assert not [m for m in mentions("how many quests in chapter 1") if m["how"] == "part"]
