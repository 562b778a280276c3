"""Dependencies may cross chapters; equal titles stay apart by chapter."""

import pytest

from agentweb.game import queries
from agentweb.game.importers.ftbquests import import_ftbquests
from agentweb.game.models import Quest

from .conftest import PACKS

pytestmark = pytest.mark.django_db


@pytest.fixture
def frontier():
    return import_ftbquests(PACKS / "frontier")


def test_a_dependency_on_a_quest_in_another_chapter_is_kept(frontier):
    nether = Quest.objects.get(quest_id="2000000000000001")
    (dependency,) = nether.dependencies.all()
    assert dependency.title == "Hot Stuff"
    assert dependency.chapter.filename == "basics"
    assert nether.chapter.filename == "beyond"
    assert nether in dependency.dependents.all()


def test_a_dependency_on_a_missing_quest_is_dropped_and_reported(frontier):
    slayer = Quest.objects.get(quest_id="2000000000000002")
    assert [q.quest_id for q in slayer.dependencies.all()] == ["2000000000000001"]
    assert frontier.notes["dependencies on quests not in the book"] == 1


def test_dependency_requirement_and_optional_flag_are_kept(frontier):
    machine = Quest.objects.get(quest_id="1000000000000009")
    assert machine.dependency_requirement == "one_completed"
    assert machine.optional
    assert Quest.objects.get(quest_id="1000000000000001").dependency_requirement == "all_completed"


def test_two_quests_with_the_same_title_are_kept_apart_by_chapter(frontier):
    found = queries.find_quests("Visit the Nether", book="frontier")
    assert sorted((q.quest_id, q.chapter.title) for q in found) == [
        ("1000000000000008", "Basics"),
        ("2000000000000001", "Beyond"),
    ]
