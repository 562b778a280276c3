"""With several books and no way to choose, a chapter named by number is not guessed: the
answer names each book's chapter of that number (or at that place) and asks which book —
for a count as for a list limited to it. Naming the book chooses."""

from __future__ import annotations

import shutil

import pytest

from agentweb.game.demo import DEMO_PACK_DIR
from agentweb.game.importers.ftbquests import import_ftbquests
from tests.planner.kit import ask


@pytest.fixture
def two_numbered_books(world, tmp_path):
    """The shipped book again as "Second Expanse": two books whose chapter titles carry the
    same numbers."""
    copy = tmp_path / "second-expanse"
    shutil.copytree(DEMO_PACK_DIR, copy)
    data = copy / "config" / "ftbquests" / "quests" / "data.snbt"
    text = data.read_text(encoding="utf-8")
    data.write_text(text.replace('"Create: Grand Expanse"', '"Second Expanse"'), "utf-8")
    import_ftbquests(copy, slug="second-expanse")


@pytest.mark.parametrize(
    "question",
    ["how many quests are in chapter 2?", "第二章有几个任务", "which quests in ch 2 give beds"],
)
def test_a_number_two_books_carry_names_both_and_counts_neither(two_numbered_books, question):
    text = ask(question).text.replace("（", " (").replace("）", ")")
    assert "Chapter 2: The Forge (Create: Grand Expanse)" in text
    assert "Chapter 2: The Forge (Second Expanse)" in text
    assert "36" not in text


def test_naming_the_book_chooses_its_chapter(two_numbered_books):
    asked = ask("how many quests are in chapter 2 of the Second Expanse?")
    assert "The chapter Chapter 2: The Forge has 36 quests" in asked.text


def test_a_place_in_books_not_named_is_offered_never_answered(frostbell, saltmarsh):
    # No title carries a 4: the fourth chapter of a book the question does not name.
    asked = ask("how many quests are in chapter 4?")
    assert "Did you mean: 冰封祭坛 (Frostbell Hollow)?" in asked.text
    assert "5 quests" not in asked.text
