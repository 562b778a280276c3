"""Questions about a chapter: its quests, how many there are, and its group — on a pack
the planner was not written for (tests/game/fixtures/packs/frontier: chapter titles and
the group title are lang keys in kubejs/assets/frontier/lang/en_us.json)."""

from __future__ import annotations

import pytest

from agentweb.game.importers.ftbquests import import_ftbquests
from agentweb.llm.offline.intent import parse
from agentweb.llm.offline.parsed import Intent
from tests.game_world import PACKS
from tests.planner.kit import ask


@pytest.fixture
def frontier(world):
    return import_ftbquests(PACKS / "frontier", slug="frontier")


@pytest.mark.parametrize(
    ("question", "chapter"),
    [
        ("how many quests does basics have", "basics"),
        ("how many quests are in shoreline camp", "shoreline camp"),
        ("list the quests of Applied Energistics", "Applied Energistics"),
        ("What quests are in The Sunken Vault chapter?", "Sunken Vault"),
        ("how many quests in chapter 3?", "chapter 3"),
    ],
)
def test_a_chapter_is_read_from_the_ways_players_name_it(question, chapter):
    p = parse(question)
    assert (p.intent, p.chapter) == (Intent.CHAPTER, chapter)


def test_a_chapter_group_question_about_a_quest_is_about_the_quest():
    p = parse("what chapter group is Hot Stuff in")
    assert (p.intent, p.quest) == (Intent.QUEST_INFO, "Hot Stuff")


def test_the_chapter_count_and_group_come_from_the_pack(frontier):
    # basics.snbt: group 1A2B3C4D5E6F7081, "{frontier.group.main}" = "Main Line".
    asked = ask("how many quests does basics have and which group is it in?")
    assert asked.tools == ["ftb.quest.query"]
    assert "The chapter Basics has" in asked.text
    assert "chapter group Main Line" in asked.text


def test_the_group_of_a_quest_named_by_a_lang_key(frontier):
    # basics.snbt: "{frontier.quest.smelter.title}" = "Hot Stuff", in the Basics chapter.
    asked = ask("what chapter group is Hot Stuff in")
    assert "Quest Hot Stuff is in the chapter Basics, chapter group Main Line" in asked.text
