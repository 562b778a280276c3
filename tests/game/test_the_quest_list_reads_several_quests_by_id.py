"""``ftb.quest.query`` with ``quest_ids`` reads several quests at once — a quest's
prerequisites, which the detail names by id — each with its tasks, in the order asked;
an id no quest has is said, never guessed. An untitled fluid task is named by its fluid.

Facts: create-grand-expanse chapter_2_the_forge.snbt — Space Trebuchet (4D09C8F85B86CC07)
depends on Space immunity (5223A45B8090BF5A: space boots, pants, suit, helmet), Biofuel
(4A599D0FCF1CE768: fluid createaddition:bioethanol, amount 1000), Remember to Breathe
(25EAA96827B3AB14: fluid mekanism:oxygen, amount 1000) and 1F7C0CD4DD589298."""

from __future__ import annotations

import pytest

from agentweb.engine import AgentError, AgentFailure
from tests.game.tool_kit import call_tool

SPACE_TREBUCHET = "4D09C8F85B86CC07"
SPACE_IMMUNITY = "5223A45B8090BF5A"
BIOFUEL = "4A599D0FCF1CE768"
REMEMBER_TO_BREATHE = "25EAA96827B3AB14"


def test_the_detail_names_its_prerequisites_by_id(world):
    out = call_tool("ftb.quest.detail", {"quest_id": SPACE_TREBUCHET})
    ids = [q["quest_id"] for q in out.observation["prerequisites"]]
    assert ids[:3] == [SPACE_IMMUNITY, BIOFUEL, REMEMBER_TO_BREATHE]


def test_several_quests_come_in_the_order_asked_with_their_tasks(world):
    out = call_tool("ftb.quest.query", {"quest_ids": [REMEMBER_TO_BREATHE, SPACE_IMMUNITY]})
    quests = out.observation["quests"]
    assert [q["title"] for q in quests] == ["Remember to Breathe", "Space immunity"]
    immunity = [t["task"] for t in quests[1]["tasks"]]
    assert "1× Space Helmet" in immunity and "1× Space Boots" in immunity


def test_an_untitled_fluid_task_is_named_by_its_fluid(world):
    out = call_tool("ftb.quest.query", {"quest_ids": [BIOFUEL, REMEMBER_TO_BREATHE]})
    tasks = [q["tasks"][0] for q in out.observation["quests"]]
    assert [t["name"] for t in tasks] == ["Bioethanol", "Oxygen"]
    assert tasks[0]["task"] == "Bioethanol (1000 mB)"


def test_an_id_no_quest_has_is_said(world):
    out = call_tool("ftb.quest.query", {"quest_ids": [BIOFUEL, "0000000000000ABC"]})
    assert [q["title"] for q in out.observation["quests"]] == ["Biofuel"]
    assert "0000000000000ABC" in out.observation["message"]


@pytest.mark.parametrize(
    "ids", [[], ["not-an-id"], [BIOFUEL] * 9], ids=["none", "not hex", "more than eight"]
)
def test_a_bad_list_of_ids_is_refused(world, ids):
    with pytest.raises(AgentError) as caught:
        call_tool("ftb.quest.query", {"quest_ids": ids})
    assert caught.value.failure is AgentFailure.TOOL_INPUT_INVALID
