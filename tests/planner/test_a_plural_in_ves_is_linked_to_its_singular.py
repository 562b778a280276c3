"""Players write "-ves" plurals ("bookshelves", "wolves"); the data names the thing in the
singular ("Bookshelf", "Wolf"): the name index tries "-f" and "-fe" for "-ves", and only
a name the data has is linked.

Names from minecraft-data 1.20 items.json (bookshelf) and entities.json (wolf)."""

from __future__ import annotations

from agentweb.game.mentions import mentions, normal_keys


def _linked(question: str) -> set[tuple[str, str]]:
    return {(m["kind"], m["name"]) for m in mentions(question)}


def test_bookshelves_and_wolves_are_the_bookshelf_and_the_wolf(world):
    assert ("item", "Bookshelf") in _linked("how do i craft bookshelves")
    assert ("entity", "Wolf") in _linked("which quests make me kill wolves")


def test_the_ves_keys_are_tried_after_the_plain_ones():
    keys = normal_keys("Bookshelves")
    assert keys.index("bookshelf") > keys.index("bookshelves")
    assert "bookshelfe" in keys  # "knives" is "knife": tried, linked only if the data has it
