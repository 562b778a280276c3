"""The chat fallback's one reply: the player reads a sentence, never the model's raw JSON."""

import json

import pytest

from agentweb.engine import EventKind
from agentweb.workflows.phrases import say
from tests.fakes.model_server import FakeModelServer
from tests.replies import route, tool
from tests.workflows.kit import make_env, run

NO_TEXT = say("hi", "no_chat_text")

NOT_AN_ANSWER = [
    tool("item.query", name="iron"),
    json.dumps({"type": "answer", "sources": []}),
    json.dumps({"mood": "cheerful", "reasoning": "the player said hi"}),
    json.dumps(["hello", "there"]),
    '{"type": "answer", "text": "Hi the',
    '```json\n{"type": "shop.buy", "input": {}}\n```',
]


@pytest.mark.parametrize("reply", NOT_AN_ANSWER)
async def test_a_reply_without_answer_text_shows_the_player_a_clear_sentence(reply):
    with FakeModelServer([route("system:chat"), reply]) as m:
        env, sink, _ = make_env(m.url)
        outcome = await run(env, "hi")

    shown = [e.data["text"] for e in sink.of(EventKind.ANSWER)]
    assert outcome.text == NO_TEXT
    assert shown == [NO_TEXT]
    assert outcome.status.value == "failed"
    assert m.calls == 2
    (failure,) = sink.of(EventKind.FAILURE)
    assert failure.data["failure"] == "model_invalid_output"


async def test_an_answer_object_shows_its_text_and_prose_shows_as_it_is():
    replies = [route("system:chat"), '{"type": "answer", "text": " Hi! "}']
    with FakeModelServer(replies) as m:
        env, sink, _ = make_env(m.url)
        outcome = await run(env, "hi")
    with FakeModelServer([route("system:chat"), "Use {curly} braces."]) as m:
        env, _, _ = make_env(m.url)
        prose = await run(env, "hi")

    assert outcome.text == "Hi!"
    assert [e.data["text"] for e in sink.of(EventKind.ANSWER)] == ["Hi!"]
    assert prose.text == "Use {curly} braces."
