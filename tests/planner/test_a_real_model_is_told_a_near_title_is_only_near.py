"""A real model gets the question's entities as the planner does: a Chinese quest title
with characters left out comes marked ``near`` (with the title the data has), the prompt
says a near entity is offered, never answered about, and the quest search it makes marks
the title near too."""

from __future__ import annotations

from tests.fakes.model_server import FakeModelServer
from tests.planner.kit import run_scripted as run
from tests.replies import answer, route, tool


def test_the_entity_the_prompt_and_the_search_say_near(frostbell):
    replies = [
        route("system:reasoning"),
        tool("ftb.quest.find", title="金钟"),
        answer("任务书里没有“金钟”。你是不是想找：金色的钟？", [1]),
    ]
    with FakeModelServer(replies) as model:
        run(model.url, "打完金钟这个有什么奖励")
    router, first, after = model.user_payloads()
    for payload in (router, first):
        (quest,) = [e for e in payload["entities"] if e["kind"] == "quest"]
        named = (quest["text"], quest["how"], quest["names"]["zh_cn"])
        assert named == ("金钟", "near", "金色的钟")
    system = model.requests[1]["messages"][0]["content"]
    assert '"how" is "near"' in system
    (found,) = after["observations"]
    (line,) = found["result"]["quests"]
    assert line["near"] is True and line["quest_id"] == "659BB5C1935BCD47"
