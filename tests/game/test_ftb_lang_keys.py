"""``{translation.key}`` strings resolved from the pack's kubejs lang JSON."""

import pytest

from agentweb.game.importers.ftbquests import import_ftbquests
from agentweb.game.models import Chapter, ChapterGroup, Quest, QuestBook, TitleSource

from .conftest import PACKS

pytestmark = pytest.mark.django_db


@pytest.fixture
def frontier():
    return import_ftbquests(PACKS / "frontier")


def test_book_group_and_chapter_titles_are_resolved_from_the_lang_json(frontier):
    assert QuestBook.objects.get(slug="frontier").name == "Frontier Trails"
    assert ChapterGroup.objects.get(group_id="1A2B3C4D5E6F7081").title == "Main Line"
    # The lang value's own formatting codes are stripped too.
    assert Chapter.objects.get(filename="basics").title == "Basics"


def test_a_quest_title_from_a_key_says_it_came_from_the_lang_file(frontier):
    quest = Quest.objects.get(quest_id="1000000000000002")
    assert quest.title == "Hot Stuff"
    assert quest.title_source == TitleSource.LANG
    assert quest.description == "Build a furnace and keep it fed."


def test_an_inline_title_is_marked_inline(frontier):
    quest = Quest.objects.get(quest_id="1000000000000001")
    assert quest.title == "Getting Started"
    assert quest.title_source == TitleSource.INLINE
    assert quest.subtitle == "A gentle start"


def test_description_markers_and_codes_are_removed(frontier):
    description = Quest.objects.get(quest_id="1000000000000001").description
    assert description == "Welcome to Frontier!\n\nRead the server rules before you build."
