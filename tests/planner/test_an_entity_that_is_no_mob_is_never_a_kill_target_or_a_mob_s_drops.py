"""An entity that is no mob (the item on the ground, an arrow, a boat: ``agentweb.game.mobs``)
is never read as a mob: "which quests have item tasks" asks for quests with item tasks, not
for quests killing the entity ``minecraft:item``; what a boat drops is answered by saying
the boat is no mob, in the player's language — never "kill Item", never a mob of a close
name offered. Its name still finds passages about it (the knowledge base).

Facts: the lang data names ``entity.minecraft.item`` "Item" and ``entity.minecraft.boat``
"Boat" (船); neither has entity loot or a spawn egg, and no quest asks to kill them."""

from __future__ import annotations

import pytest

from tests.fakes.model_server import FakeModelServer
from tests.planner.kit import ask, run_scripted
from tests.replies import answer, route, tool


@pytest.mark.parametrize(
    "question",
    ["which quests have item tasks", "which quests have item tasks?", "哪些任务要交物品"],
)
def test_quests_with_item_tasks_are_quests_with_item_tasks(world, question):
    asked = ask(question)
    assert asked.tools == ["ftb.quest.query"], asked.tools
    given = asked.rc.observations[0].input
    assert (given["task_type"], given["kills"]) == ("item", None)
    assert "Kenetic Foundation" in asked.text
    assert "kill" not in asked.text.lower() and "击杀" not in asked.text


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("what does a boat drop?", "Boat is an entity but no mob"),
        ("船的掉落物是什么？", "船是实体而不是生物"),
    ],
)
def test_what_an_entity_that_is_no_mob_drops_is_said_to_be_nothing(world, question, said):
    asked = ask(question)
    assert asked.tools == ["mob.drops"], asked.tools
    assert said in asked.text, asked.text
    # No mob of a close name is offered for it.
    assert "Goat" not in asked.text and "山羊" not in asked.text


def test_no_quest_is_asked_to_kill_it(world):
    asked = ask("which quests make me kill items?")
    assert "kill Item" not in asked.text and "Item (kill)" not in asked.text
    kills = [o.input.get("kills") for o in asked.rc.observations if o.tool == "ftb.quest.query"]
    assert "minecraft:item" not in kills


def test_a_real_model_asking_by_id_is_told_it_is_no_mob(world):
    replies = [
        route("system:reasoning"),
        tool("mob.drops", mob="minecraft:arrow"),
        tool("ftb.quest.query", kills="minecraft:experience_orb"),
        answer("Arrows are not mobs.", [1]),
    ]
    with FakeModelServer(replies) as model:
        run_scripted(model.url, "what does an arrow drop, and which quests kill xp orbs?")
    drops, quests = model.user_payloads()[3]["observations"]
    assert drops["result"]["found"] is False and drops["result"]["entity"] == "Arrow"
    assert "no mob" in drops["result"]["message"]
    assert "No mob is called" in quests["result"]["message"]
