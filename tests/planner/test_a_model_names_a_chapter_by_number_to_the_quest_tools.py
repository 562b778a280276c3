"""A real model passes a chapter to ``ftb.quest.query`` as the player named it — "第二章",
"chapter two", "the first chapter" with the book — and the tool finds that chapter; a
number several books' titles carry comes back as the candidates per book, a name no
chapter has as missing, with close titles offered, never another chapter's quests."""

from __future__ import annotations

import pytest

from tests.fakes.model_server import FakeModelServer
from tests.planner.kit import run_scripted
from tests.replies import answer, route, tool


def observed(question: str, **query: str) -> dict:
    """What the model observes after its one ``ftb.quest.query`` call."""
    replies = [route("system:reasoning"), tool("ftb.quest.query", **query), answer("-", [1])]
    with FakeModelServer(replies) as model:
        run_scripted(model.url, question)
    (seen,) = model.user_payloads()[2]["observations"]
    return seen["result"]


@pytest.mark.parametrize("chapter", ["第二章", "chapter two", "Ch 2", "2"])
def test_a_chapter_number_in_any_form_finds_the_chapter_that_carries_it(frostbell, chapter):
    result = observed("第二章有几个任务", chapter=chapter, language="en_us")
    assert result["chapter"]["chapter"] == "Chapter 2: The Forge"
    assert result["total"] == 36


def test_a_place_in_the_book_the_model_names_finds_that_chapter(frostbell):
    result = observed(
        "霜钟谷第一章有几个任务",
        chapter="the first chapter",
        book="frostbell-hollow",
        language="en_us",
    )
    assert (result["chapter"]["chapter"], result["total"]) == ("First Snow Camp", 9)


def test_a_chapter_no_book_has_comes_back_missing_with_close_titles(frostbell):
    result = observed(
        "which quests in the Bell Tower chapter need torches",
        chapter="Bell Tower",
        requires_item="torch",
        language="en_us",
    )
    assert result["unknown_chapter"] == "Bell Tower"
    assert result["chapter_candidates"] == [
        {"chapter": "Bell Tower Mine", "book": "Frostbell Hollow"}
    ]
    assert result["near"] is True
    assert "quests" not in result
