"""Untitled quests: task title → vanilla name → pack lang JSON → prettified id."""

import pytest

from agentweb.game.importers.ftbquests import import_ftbquests
from agentweb.game.models import Quest, TitleSource

from .conftest import PACKS


@pytest.fixture
def frontier(world):
    return import_ftbquests(PACKS / "frontier")


def title(quest_id):
    quest = Quest.objects.get(book__slug="frontier", quest_id=quest_id)
    assert quest.title_source == TitleSource.FALLBACK
    return quest.title


def test_the_task_title_comes_first(frontier):
    assert title("1000000000000006") == "Collect Any Planks"


def test_a_vanilla_item_takes_its_imported_display_name(frontier):
    # Not "Furnace Minecart": the name comes from the vanilla language data.
    assert title("1000000000000003") == "Minecart with Furnace"


def test_a_modded_item_takes_the_name_from_the_pack_lang_json(frontier):
    assert title("1000000000000004") == "Copper Widget"


def test_an_unknown_item_gets_its_id_prettified(frontier):
    assert title("1000000000000005") == "Brass Gizmo Mk2"


def test_a_missing_lang_key_falls_back_and_is_reported(frontier):
    assert title("1000000000000007") == "Zombie"
    assert frontier.notes["missing lang keys"] == 1
    assert frontier.missing_lang_keys == ["frontier.missing.key"]
    assert any("frontier.missing.key" in line for line in frontier.lines())
