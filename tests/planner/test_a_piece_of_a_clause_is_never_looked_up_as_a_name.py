"""A name is what links to the name index, or what the player marks as one (quotes, the
word quest beside it, a title's capitals). Words the pattern reader only guessed from where
they stand ("… if the cable is already hooked up?", "任务进度") that link to nothing are a
piece of the sentence: the knowledge base is asked, and no "no quest named …" is said of
them. When the request carries no entities at all (nothing was looked up), the pattern
reader's guess is still looked up."""

from __future__ import annotations

import pytest

from agentweb.llm.offline import OfflinePlanner
from agentweb.llm.offline.intent import parse
from agentweb.llm.offline.parsed import Intent
from agentweb.llm.offline.planner import route
from tests.planner.kit import ask, run_with


@pytest.mark.parametrize(
    "question",
    [
        "my mill stopped, what does it need if the shaft is already spinning?",
        "what does the sawmill require once the belt is still moving?",
        "what does it need when the boiler is already lit",
        "传送带接上以后任务还需要什么",
        "任务进度要什么才能推进",
    ],
)
def test_a_guess_that_links_to_nothing_is_asked_of_the_knowledge_base(question):
    p = parse(question, (), linked=True)
    assert (p.intent, p.quest, p.items) == (Intent.KNOWLEDGE, None, [])


@pytest.mark.parametrize(
    "question",
    [
        "my mill stopped, what does it need if the shaft is already spinning?",
        "任务进度要什么才能推进",
    ],
)
def test_nothing_looked_up_leaves_the_pattern_reader_s_guess(question):
    assert parse(question).intent is Intent.QUEST_INFO


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("what does Moonlit Harvest need?", "Moonlit Harvest"),
        ('what does "moonlit harvest" need?', "moonlit harvest"),
        ("任务 月光收获 需要什么", "月光收获"),
        ("「月光收获」任务需要什么", "月光收获"),
    ],
)
def test_a_name_the_player_marks_is_looked_up_though_it_links_to_nothing(question, name):
    p = parse(question, (), linked=True)
    assert (p.intent, p.quest) == (Intent.QUEST_INFO, name)


def test_an_english_run_never_calls_a_piece_of_the_sentence_a_missing_quest(world):
    asked = ask("the crusher stalls, what does it need if the belt is already running?")
    assert "could not find a quest" not in asked.text, asked.text
    assert "could not find an item" not in asked.text
    assert asked.tools == ["database.query"]


def test_a_chinese_run_never_calls_a_word_of_the_question_a_missing_quest(world):
    outcome = run_with(OfflinePlanner(), "传送带接上以后任务还需要什么")
    assert "找不到名为" not in outcome.text, outcome.text


def test_a_marked_name_the_data_lacks_is_said_to_be_missing(world):
    outcome = run_with(OfflinePlanner(), "what does Moonlit Harvest need?")
    assert 'could not find a quest named "Moonlit Harvest"' in outcome.text, outcome.text


def test_the_router_sends_such_a_question_to_the_knowledge_base():
    question = "what does the sawmill require once the belt is still moving?"
    assert route({"question": question, "entities": []})["workflow"] == "system:question"
    assert route({"question": question})["workflow"] == "system:reasoning"
