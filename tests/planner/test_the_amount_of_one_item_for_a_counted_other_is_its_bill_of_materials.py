"""A question that counts one item to make and asks the amount of another ("2 bookshelves,
how much leather is that", "做3个书架要多少皮革") is the bill of materials of the counted
item: the other is one of its materials, added up through every recipe between.

Facts from minecraft-data 1.20 recipes.json: bookshelf = 6 planks + 3 books, book =
3 paper + 1 leather, paper = 3 sugar cane (makes 3); entityLoot cow → leather."""

from __future__ import annotations

from tests.planner.kit import ask


def test_the_leather_for_two_bookshelves_is_added_up(world):
    asked = ask("i'm making 2 bookshelves - how much leather do i need, and where is leather from?")
    assert asked.tools == ["item.materials"], asked.text
    assert "6× Leather" in asked.text, asked.text
    assert "Cow" in asked.text


def test_the_leather_for_three_bookshelves_is_added_up_in_chinese(world):
    asked = ask("做3个书架要多少皮革？")
    assert asked.tools == ["item.materials"], asked.text
    assert "9× 皮革" in asked.text, asked.text


def test_an_item_asked_about_alone_is_still_where_it_comes_from(world):
    asked = ask("how much leather does a cow drop?")
    assert asked.tools == ["item.source"], asked.text
