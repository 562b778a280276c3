"""Private reasoning (``<think>`` blocks, reasoning fields) is stripped before any event is stored.

Every path a reply takes into the trace: the router, a valid decision, an
invalid reply (its ``failure`` event keeps the cleaned reply), a reply cut off
mid-object, the final answer, and the chat fallback.
"""

import json

import pytest

from agentweb.engine.protocol import without_private
from tests.fakes.model_server import FakeModelServer, Reply
from tests.workflows.kit import make_env, run

SECRET = "PRIVATE-THOUGHT"


def _stored(sink) -> str:
    return json.dumps([e.as_dict() for e in sink.events], ensure_ascii=False)


async def test_no_reply_of_a_reasoning_run_leaves_its_reasoning_in_the_trace():
    replies = [
        json.dumps({"workflow": "system:reasoning", "reasoning": SECRET}),
        json.dumps({"type": "no.such.tool", "input": {}, "reasoning": SECRET}),
        '{"type": "item.query", "thought": "' + SECRET + '", "input": {"name": "iro',
        f"<think>{SECRET}</think>"
        + json.dumps({"type": "answer", "text": "Done.", "thinking": {"notes": SECRET}}),
    ]
    with FakeModelServer(replies) as m:
        env, sink, _ = make_env(m.url)
        outcome = await run(env, "how do I make iron?")

    assert outcome.text == "Done."
    assert m.calls == 4
    failures = [e for e in sink.events if e.kind.value == "failure"]
    assert len(failures) == 2
    assert all("reply" in f.data["detail"] for f in failures)
    assert SECRET not in _stored(sink)


@pytest.mark.parametrize(
    "reply",
    [
        json.dumps({"mood": "happy", "reasoning": SECRET}),
        json.dumps({"type": "item.query", "input": {"name": "iron", "thoughts": [SECRET]}}),
        '{"text": "Hi", "reasoning_content": "' + SECRET,
    ],
)
async def test_the_chat_fallback_keeps_no_reasoning_either(reply):
    with FakeModelServer([json.dumps({"workflow": "system:chat"}), reply]) as m:
        env, sink, _ = make_env(m.url)
        await run(env, "hi")

    assert SECRET not in _stored(sink)


def test_a_reply_that_does_not_parse_loses_each_private_pair_where_it_stands():
    cut = '{"type": "answer", "reasoning": "' + SECRET + '\\" still", "text": "ok", "x": 1'

    assert without_private(cut) == '{"type": "answer",  "text": "ok", "x": 1'
    assert without_private('{"a": 1, "thought": "' + SECRET) == '{"a": 1, '


async def test_a_malformed_completion_body_is_stored_without_its_reasoning():
    body = json.dumps({"choices": [], "reasoning_content": SECRET, "note": "no choices"})
    replies = [json.dumps({"workflow": "system:reasoning"}), Reply(raw=body)]
    with FakeModelServer(replies) as m:
        env, sink, _ = make_env(m.url)
        await run(env, "how do I make iron?")

    failure = next(e for e in sink.events if e.kind.value == "failure")
    assert failure.data["failure"] == "model_error"
    assert "no choices" in failure.data["detail"]["body"]
    assert SECRET not in _stored(sink)
