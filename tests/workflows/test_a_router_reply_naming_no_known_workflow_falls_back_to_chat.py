"""A router reply that names no known workflow: the chat fallback answers, the trace says why."""

import pytest

from agentweb.engine import EventKind
from tests.fakes.model_server import FakeModelServer, Reply
from tests.replies import answer, route
from tests.workflows.kit import make_env, run


@pytest.mark.parametrize(
    ("router_reply", "why"),
    [
        (route("system:shop"), "unknown workflow: 'system:shop'"),
        ('{"choice": "system:reasoning"}', "unknown workflow: None"),
        ("reasoning, I think", "not a JSON object"),
    ],
)
async def test_the_chat_fallback_answers_and_the_trace_records_why(router_reply, why):
    with FakeModelServer([router_reply, answer("Hi! Happy mining.")]) as m:
        env, sink, _ = make_env(m.url)
        outcome = await run(env, "hi")

    assert outcome.workflow == "system:chat"
    assert outcome.status.value == "completed"
    assert outcome.text == "Hi! Happy mining."
    assert m.calls == 2
    (failure,) = sink.of(EventKind.FAILURE)
    assert failure.data["failure"] == "model_invalid_output"
    assert why in failure.data["message"]
    (routed,) = sink.of(EventKind.ROUTE_DECIDED)
    assert routed.data["workflow"] == "system:chat"
    assert routed.data["by"] == "fallback"
    assert why in routed.data["reason"]
    assert sink.kinds().index("failure") < sink.kinds().index("route.decided")


async def test_a_router_that_cannot_be_reached_still_fails_the_request():
    with FakeModelServer([Reply(status=500, raw="boom")]) as m:
        env, sink, _ = make_env(m.url)
        outcome = await run(env, "hi")

    assert outcome.workflow == "router"
    assert outcome.status.value == "failed"
    assert sink.of(EventKind.ROUTE_DECIDED) == []
