"""The offline planner speaks the loop's JSON protocol (R-LOOP-3, R-LOOP-4, R-MODEL-1).

These payloads are built by hand: no database, no tools run.
"""

from __future__ import annotations

import json

from agentweb.engine import Message, ModelRequest, Purpose
from agentweb.engine.protocol import Answer, ToolAction, parse_decision
from agentweb.llm.offline import OfflinePlanner, chat, decide

TOOLS = [
    {"type": t, "description": "", "input_schema": {}}
    for t in ("item.query", "item.source", "ftb.quest.find", "ftb.quest.detail", "database.query")
]
FIND = {
    "n": 1,
    "round": 1,
    "tool": "ftb.quest.find",
    "input": {"title": "Burning Device", "limit": 5},
    "result": {
        "message": "Quests matching 'Burning Device'",
        "count": 1,
        "quests": [
            {
                "quest_id": "7013762E5C89BE35",
                "title": "Burning Device",
                "chapter": "Chapter 0: From Dust",
                "tasks": [{"task": "1× Furnace", "item_id": "minecraft:furnace"}],
            }
        ],
        "source_numbers": [1],
    },
}
SOURCE = {
    "n": 2,
    "round": 2,
    "tool": "item.source",
    "input": {"item": "minecraft:furnace", "kind": "any", "limit": 10},
    "result": {
        "item": "Furnace",
        "item_id": "minecraft:furnace",
        "found": True,
        "count": 1,
        "ways": [{"kind": "crafting_shaped", "how": "crafted from 8× Cobblestone"}],
        "source_numbers": [2],
    },
}
QUESTION = "What do I need for the Burning Device quest and how do I get it?"


def payload(observations, *, final_only=False, tools=TOOLS, question=QUESTION):
    return {
        "question": question,
        "round": len(observations) + 1,
        "rounds_total": 3,
        "final_only": final_only,
        "tools": [] if final_only else tools,
        "observations": observations,
        "sources": [],
    }


def test_the_first_step_of_a_quest_chain_finds_the_quest():
    assert decide(payload([]), 500) == {
        "type": "ftb.quest.find",
        "input": {"title": "Burning Device"},
    }


def test_the_next_step_looks_up_the_item_the_quest_asks_for():
    assert decide(payload([FIND]), 500) == {
        "type": "item.source",
        "input": {"item": "minecraft:furnace"},
    }


def test_with_everything_observed_it_answers_from_the_observations_and_cites_them():
    reply = decide(payload([FIND, SOURCE]), 500)
    assert reply["type"] == "answer"
    assert "1× Furnace" in reply["text"]
    assert "crafted from 8× Cobblestone" in reply["text"]
    assert reply["sources"] == [1, 2]


def test_in_the_final_round_it_only_answers():
    reply = decide(payload([FIND], final_only=True), 500)
    assert reply["type"] == "answer"
    assert "1× Furnace" in reply["text"]
    assert "Cobblestone" not in reply["text"]  # never observed, never said


def test_an_action_already_observed_is_never_repeated():
    # A failed lookup of the same item: the recipe moves on to the answer.
    failed = {**SOURCE, "result": {"found": False, "message": "nope", "source_numbers": []}}
    reply = decide(payload([FIND, failed]), 500)
    assert reply["type"] == "answer"
    assert "could not find an item" in reply["text"]


def test_without_any_tool_offered_it_answers_honestly():
    reply = decide(payload([], tools=[]), 500)
    assert reply["type"] == "answer"
    assert reply["sources"] == []


def test_a_long_answer_is_cut_to_the_token_limit():
    reply = decide(payload([FIND, SOURCE]), 50)
    assert len(reply["text"]) < len(decide(payload([FIND, SOURCE]), 500)["text"])


def test_every_reply_parses_with_the_engines_protocol():
    for obs, final in (([], False), ([FIND], False), ([FIND, SOURCE], False), ([FIND], True)):
        text = json.dumps(decide(payload(obs, final_only=final), 500))
        decision = parse_decision(text, final_only=final, tool_types={t["type"] for t in TOOLS})
        assert isinstance(decision, Answer if final or len(obs) == 2 else ToolAction)


def test_a_chinese_question_gets_a_chinese_answer():
    reply = decide(
        payload([FIND, SOURCE], question="任务 Burning Device 需要什么？怎么获得？"), 500
    )
    assert "需要" in reply["text"]
    assert "熔炉" in reply["text"]  # the glossary's name for Furnace


def test_chat_replies_once_friendly_and_without_sources():
    assert chat({"question": "hello"})["text"].startswith("Hello")
    assert chat({"question": "你好"}, json_mode=False).startswith("你好")


async def test_a_decide_request_is_answered_with_json_and_usage():
    user = json.dumps(payload([FIND, SOURCE]))
    request = ModelRequest(
        (Message("system", "react"), Message("user", user)), Purpose.DECIDE, 500, 5.0
    )
    reply = await OfflinePlanner().complete(request)
    assert json.loads(reply.text)["type"] == "answer"
    assert reply.tokens_in >= len(user) // 4
