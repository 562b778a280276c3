"""A real model gets the question's entities as the planner does: an entity says whether
it is a mob (``mob``: the item on the ground is none, a zombie is one), and the prompt
says one that is no mob is never asked for its drops or as a kill target, and how to ask
whether a mob drops an item."""

from __future__ import annotations

from tests.fakes.model_server import FakeModelServer
from tests.planner.kit import run_scripted as run
from tests.replies import answer, route, tool


def test_the_entities_and_the_prompt_say_which_are_mobs(world):
    replies = [
        route("system:reasoning"),
        tool("ftb.quest.query", task_type="item"),
        answer("Kenetic Foundation asks for items.", [1]),
    ]
    with FakeModelServer(replies) as model:
        run(model.url, "which quests have item tasks")
    router, first, _after = model.user_payloads()
    for payload in (router, first):
        (item,) = [e for e in payload["entities"] if e["kind"] == "entity"]
        assert (item["id"], item["mob"]) == ("minecraft:item", False)
    system = model.requests[1]["messages"][0]["content"]
    assert '"mob": false' in system and 'mob.drops with "item"' in system


def test_a_mob_is_marked_a_mob_in_a_chinese_question(world):
    replies = [
        route("system:reasoning"),
        tool("mob.drops", mob="僵尸", item="铁锭"),
        answer("会。", [1]),
    ]
    with FakeModelServer(replies) as model:
        run(model.url, "僵尸会掉铁锭吗")
    (zombie,) = [e for e in model.user_payloads()[1]["entities"] if e["kind"] == "entity"]
    assert (zombie["id"], zombie["mob"]) == ("minecraft:zombie", True)
