"""The offline planner as the router: {"workflow": id} among the workflows offered."""

from __future__ import annotations

import json

import pytest

from agentweb.engine import Message, ModelRequest, Purpose
from agentweb.llm.offline import OfflinePlanner, route

ALL = ["system:reasoning", "system:question", "system:free_chat", "system:chat"]


@pytest.mark.parametrize(
    ("question", "workflow"),
    [
        ("What do I need for the Burning Device quest and how do I get it?", "system:reasoning"),
        ("Where does the item for quest Iron Ingot come from?", "system:reasoning"),
        ("How do I craft a furnace?", "system:reasoning"),
        ("What is my balance?", "system:reasoning"),
        ("How does the daily sign-in streak work?", "system:question"),
        ("What are the server rules?", "system:question"),
        ("Buy 2 bread for me", "system:free_chat"),
        ("Please sign me in", "system:free_chat"),
        ("claim the quest Crafting Table", "system:free_chat"),
        ("帮我签到", "system:free_chat"),
        ("hello!", "system:chat"),
        ("thanks a lot", "system:chat"),
    ],
)
def test_the_router_picks_the_workflow_for_the_question(question, workflow):
    assert route({"task": "route", "question": question, "workflows": ALL}) == {
        "workflow": workflow
    }


def test_only_offered_workflows_are_chosen():
    offered = [{"id": "system:question", "description": "…"}, {"id": "system:chat"}]
    reply = route({"task": "route", "question": "How do I craft a furnace?", "workflows": offered})
    assert reply == {"workflow": "system:question"}


async def test_the_route_reply_is_json_with_estimated_usage():
    user = json.dumps({"task": "route", "question": "hello", "workflows": ALL})
    request = ModelRequest(
        (Message("system", "route"), Message("user", user)), Purpose.ROUTE, 100, 5.0
    )
    reply = await OfflinePlanner().complete(request)
    assert json.loads(reply.text) == {"workflow": "system:chat"}
    assert reply.tokens_in > 0
    assert reply.tokens_out > 0
    assert reply.model == "offline"
