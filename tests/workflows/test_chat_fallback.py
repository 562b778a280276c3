"""R-FREE-3: the chat fallback answers with exactly one model call and never loops."""

from agentweb.engine import EventKind
from tests.fakes.model_server import FakeModelServer
from tests.replies import answer, route, tool
from tests.workflows.kit import make_env, run


async def test_the_chat_fallback_makes_exactly_one_call_after_routing():
    with FakeModelServer([route("system:chat"), answer("Hi! Happy mining."), answer("again")]) as m:
        env, sink, world = make_env(m.url)
        outcome = await run(env, "hello!")

    assert m.calls == 2
    assert outcome.text == "Hi! Happy mining."
    assert sink.of(EventKind.TOOL_STARTED) == []
    assert sink.of(EventKind.ROUND_STARTED) == []


async def test_a_tool_request_in_chat_mode_is_never_executed():
    with FakeModelServer([route("system:chat"), tool("item.query", name="iron")]) as m:
        env, _, world = make_env(m.url)
        await run(env, "hi")

    assert world.executed == []
    assert m.calls == 2


async def test_a_plain_text_chat_reply_is_shown_as_it_is():
    with FakeModelServer([route("system:chat"), "Just plain words."]) as m:
        env, _, _ = make_env(m.url)
        outcome = await run(env, "hi")

    assert outcome.text == "Just plain words."


async def test_an_unknown_workflow_from_the_router_fails_clearly():
    with FakeModelServer([route("system:shop")]) as m:
        env, _, _ = make_env(m.url)
        outcome = await run(env, "hi")

    assert outcome.status.value == "failed"
    assert "unknown workflow" in outcome.text
