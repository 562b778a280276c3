"""Honest endings: a run cut short by a budget says what it found and what it did not look
up, with the stop reason — never "not found" for what it never looked up."""

from __future__ import annotations

from pathlib import Path

from asgiref.sync import async_to_sync

from agentweb.core.tooling import registry
from agentweb.engine import AllModules, Budget, EventKind, ListSink, RunStatus, StopCode
from agentweb.engine.options import RunOptions
from agentweb.engine.policy import MODULE_DEFAULTS, REASONING
from agentweb.game.mentions import QuestionNames
from agentweb.llm.offline import OfflinePlanner
from agentweb.workflows.env import Environment, Request
from agentweb.workflows.prompts import PromptBook
from agentweb.workflows.runner import run_request

PROMPTS = PromptBook(Path(__file__).resolve().parents[2] / "prompts")


def run(
    text: str, *, rounds: int | None = None, tool_calls: int | None = None, linked: bool = False
):
    def policy(workflow: str):
        base = MODULE_DEFAULTS[workflow]
        return base.with_overrides(toolCalls=tool_calls) if tool_calls is not None else base

    sink = ListSink()
    env = Environment(
        registry=registry,
        modules=AllModules(),
        prompts=PROMPTS.snapshot(),
        policy=policy,
        model=OfflinePlanner(),
        sink=sink,
        # The question's entities, as the page's runs have them.
        names=QuestionNames() if linked else None,
    )
    options = RunOptions(reactIterations=rounds) if rounds is not None else None
    request = Request(text, workflow=REASONING, options=options)
    return async_to_sync(run_request)(env, request), sink


def test_one_round_is_not_enough_to_look_and_the_answer_says_so(world):
    outcome, _ = run("what does the quest Kenetic Foundation need?", rounds=1)
    assert "could not find" not in outcome.text
    assert outcome.text == (
        'I ran out of rounds before I could look up the quest "Kenetic Foundation".'
    )
    assert outcome.status is RunStatus.DEGRADED
    assert outcome.stop.code is StopCode.MAX_ROUNDS
    assert outcome.stop.budget is Budget.ROUNDS


def test_in_chinese_too(world):
    outcome, _ = run("任务 Kenetic Foundation 需要什么？", rounds=1)
    assert outcome.text == "在查询任务“Kenetic Foundation”之前，轮数已经用完。"
    assert outcome.stop.code is StopCode.MAX_ROUNDS


def test_what_was_found_is_said_with_what_the_budget_left_undone(world):
    outcome, sink = run(
        "What do I need for the Burning Device quest and how do I get it?", tool_calls=1
    )
    assert "1× Furnace" in outcome.text, "the quest it found"
    assert outcome.text.endswith(
        "I ran out of tool calls before I could look up where to get Furnace."
    )
    assert [e.data["tool"] for e in sink.of(EventKind.TOOL_FINISHED)] == ["ftb.quest.find"]
    assert outcome.status is RunStatus.DEGRADED
    assert outcome.stop.code is StopCode.BUDGET_EXHAUSTED
    assert outcome.stop.budget is Budget.TOOL_CALLS


def test_a_run_with_room_to_spare_is_completed_as_before(world):
    outcome, _ = run("What do I need for the Burning Device quest and how do I get it?")
    assert outcome.status is RunStatus.COMPLETED
    assert "ran out" not in outcome.text


def test_the_prerequisites_found_are_said_and_what_they_ask_for_is_left(world):
    outcome, _ = run(
        "What comes before the Space Trebuchet quest, and what do those quests need?",
        tool_calls=1,
        linked=True,
    )
    assert "Space immunity" in outcome.text and "Biofuel" in outcome.text
    assert outcome.text.endswith(
        "I ran out of tool calls before I could look up what those quests ask for."
    ), outcome.text
    assert outcome.stop.budget is Budget.TOOL_CALLS


def test_a_question_about_the_pack_cut_short_says_the_data_was_not_read(world):
    outcome, _ = run("is a shield worth crafting?", tool_calls=1, linked=True)
    assert outcome.text.startswith(
        "I found nothing about this in the server's knowledge base: no article mentions “shield”."
    )
    assert outcome.text.endswith(
        "I ran out of tool calls before I could look up where to get Shield."
    ), outcome.text
