"""Odd input never makes a search raise: empty, huge, FTS5 and tsquery syntax, odd characters."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentweb.engine import AgentError, AgentFailure
from agentweb.game import queries
from agentweb.game.search import search
from tests.game.search_cases import ODD_INPUT
from tests.game.tool_kit import call_tool


@pytest.mark.parametrize("text", ODD_INPUT)
def test_search_and_lookups_take_any_text(world, text):
    for kind in ("article", "quest", "item"):
        assert isinstance(search(text, [kind]), list)
        assert isinstance(search(text, [kind], prefix=True, every_term=True), list)
    assert isinstance(queries.search_knowledge(text), list)
    assert isinstance(queries.match_quests(text)[0], list)
    assert isinstance(queries.find_items(text), list)


def test_search_syntax_is_taken_as_words_not_operators(world):
    # In FTS5 "NEAR", "OR" and "title:" are syntax; here they are just words.
    assert search('"rules" OR title:griefing*', ["article"]) == []
    assert search("NOT", ["item"]) == []


@pytest.mark.parametrize("text", ['"*:^', "rules OR *", "(((", "' OR 1=1 --", "iron\x00 ingot"])
def test_the_tools_answer_odd_queries_with_an_observation(world, text):
    for tool, field in (
        ("database.query", "query"),
        ("ftb.quest.find", "title"),
        ("item.query", "name"),
        ("item.source", "item"),
    ):
        out = call_tool(tool, {field: text})
        assert out.executed
        assert isinstance(out.observation, dict)


def test_empty_and_oversized_tool_input_is_refused_clearly(world):
    for tool, field, limit in (
        ("database.query", "query", 200),
        ("ftb.quest.find", "title", 100),
        ("item.query", "name", 100),
    ):
        for text in ("", "x" * (limit + 1)):
            with pytest.raises(AgentError) as caught:
                call_tool(tool, {field: text})
            assert caught.value.failure is AgentFailure.TOOL_INPUT_INVALID, tool
            assert field in str(caught.value)


def test_a_limit_out_of_range_is_capped(world):
    assert len(search("minecraft", ["item"], limit=10_000)) == 50
    assert len(search("minecraft", ["item"], limit=-3)) == 1


def test_control_characters_are_dropped_from_tool_input(world):
    out = call_tool("item.source", {"item": "iron\x00 ingot\x07"})
    assert out.input.item == "iron ingot"
    assert out.observation["item"] == "Iron Ingot"


def test_commands_and_completions_take_control_characters(world):
    from agentweb.core.commands import commands

    assert all(n.startswith("Iron") for n in commands.completions("items", "Iron\x00", None, 5))
    assert commands.completions("quests", "Burning\x00", None, 5)[0] == "Burning Device"
    result = commands.run_direct("/quest burning\x00 device", None)
    assert result is not None


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(text=st.text(max_size=300))
def test_any_text_at_all_is_searched_without_an_error(world, text):
    for kind in ("article", "quest", "item"):
        hits = search(text, [kind], prefix=kind != "article")
        assert all(0 < hit.share <= 1 for hit in hits)
    queries.match_quests(text)
    queries.find_items(text)
