"""The chat fallback shows prose as prose, braces and brackets included, and no streamed
piece of its answer (``answer.delta``) ever carries a tool call."""

import json

import pytest

from agentweb.engine import EventKind, RunStatus
from agentweb.workflows.phrases import say
from tests.fakes.model_server import FakeModelServer
from tests.replies import route
from tests.workflows.kit import make_env, run

PROSE = [
    'Set "pvp" to {"enabled": false} in the config, then restart.',
    "[Tip] Sign in every day with /checkin.",
    "[1] is the wiki page; {curly} braces are fine too.",
    "【提示】每天用 /checkin 签到，{连续} 签到有奖励。",
]
TOOL_CALLS = [
    'Let me look that up: {"type": "item.source", "input": {"item": "torch"}}',
    json.dumps([{"type": "item.source", "input": {"item": "torch"}}]),
    '{"type": "shop.buy", "input": {"item": "torch", "quantity": 2}}',
]


def _streamed(sink) -> str:
    return "".join(text for _, _, text in sink.deltas)


@pytest.mark.parametrize("reply", PROSE)
async def test_prose_with_braces_or_a_leading_bracket_is_shown_as_it_is(reply):
    with FakeModelServer([route("system:chat"), reply]) as m:
        env, sink, _ = make_env(m.url)
        outcome = await run(env, "any tips?")

    assert outcome.status is RunStatus.COMPLETED
    assert outcome.text == reply
    assert [e.data["text"] for e in sink.of(EventKind.ANSWER)] == [reply]


@pytest.mark.parametrize("reply", TOOL_CALLS)
async def test_a_tool_call_never_reaches_the_page_not_even_while_it_streams(reply):
    with FakeModelServer([route("system:chat"), reply]) as m:
        env, sink, _ = make_env(m.url)
        outcome = await run(env, "give me torches")

    assert "item.source" not in _streamed(sink) and "shop.buy" not in _streamed(sink)
    assert "{" not in _streamed(sink)
    assert outcome.text == say("give me torches", "no_chat_text")
    assert outcome.status is RunStatus.FAILED


async def test_prose_before_a_tool_call_streams_and_the_call_does_not():
    reply = 'Sure, one moment. {"type": "item.source", "input": {"item": "torch"}}'
    with FakeModelServer([route("system:chat"), reply]) as m:
        env, sink, _ = make_env(m.url)
        await run(env, "torches?")

    assert _streamed(sink).strip() == "Sure, one moment."


async def test_an_answer_object_inside_prose_gives_its_text():
    reply = 'Here you go: {"type": "answer", "text": "Torches need coal and a stick."}'
    with FakeModelServer([route("system:chat"), reply]) as m:
        env, _, _ = make_env(m.url)
        outcome = await run(env, "torches?")

    assert outcome.text == "Torches need coal and a stick."


async def test_a_chinese_question_gets_the_apology_in_chinese():
    with FakeModelServer([route("system:chat"), TOOL_CALLS[2]]) as m:
        env, _, _ = make_env(m.url)
        outcome = await run(env, "给我两个火把")

    assert outcome.text == say("给我两个火把", "no_chat_text")
    assert "抱歉" in outcome.text
