"""A real model is told that the question's names were looked up even when it names nothing
the data has: the router and the loop get ``"entities": []`` (not a missing key), so a
model — and the offline planner — can tell "names nothing" from "nothing was looked up"
and does not take a piece of the sentence for a name."""

from __future__ import annotations

from tests.fakes.model_server import FakeModelServer
from tests.planner.kit import run_scripted as run
from tests.replies import answer, route, tool


def test_the_router_and_the_loop_get_an_empty_list(world):
    replies = [
        route("system:reasoning"),
        tool("database.query", query="mill frozen river"),
        answer("Nothing about it.", []),
    ]
    with FakeModelServer(replies) as model:
        run(model.url, "does the mill keep turning if the river is already frozen over?")
    router, first, *_ = model.user_payloads()
    assert router["entities"] == []
    assert first["entities"] == []


def test_a_question_that_names_things_gets_them(world):
    replies = [route("system:reasoning"), answer("-", [])]
    with FakeModelServer(replies) as model:
        run(model.url, "do i still need torches once lanterns hang on the fence?")
    router, first = model.user_payloads()
    for payload in (router, first):
        assert {e["name"] for e in payload["entities"]} >= {"Torch", "Lantern"}
