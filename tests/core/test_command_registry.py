"""The command registry: matching, aliases, snapshot, completion, direct answers."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from agentweb.core.commands import Command, CommandRegistry, DirectResult
from agentweb.core.models import Module


@pytest.fixture
def registry():
    reg = CommandRegistry()
    reg.register(Command("reason", aliases=("分析", "analyze"), workflow="system:reasoning"))
    reg.register(
        Command(
            "item",
            usage="/item <name>",
            completion="items",
            handler=lambda args, user: DirectResult(f"item {args}"),
        )
    )
    reg.register(Command("reload", workflow="system:admin", staff_only=True))
    reg.register_completion("items", lambda prefix, user, limit: ["Iron Ingot", "Iron Nugget"])
    return reg


def test_a_slash_command_matches_with_its_arguments(registry):
    command, args = registry.match("/item  Iron Ingot ")
    assert command.name == "item"
    assert args == "Iron Ingot"


def test_command_names_are_case_insensitive(registry):
    assert registry.match("/ITEM torch")[0].name == "item"


def test_a_slash_less_alias_word_matches(registry):
    command, args = registry.match("分析 铁锭从哪里来")
    assert command.workflow == "system:reasoning"
    assert args == "铁锭从哪里来"


def test_an_alias_must_be_followed_by_a_separator(registry):
    assert registry.match("分析：铁锭")[1] == "铁锭"
    assert registry.match("分析师是谁") is None


def test_an_english_alias_must_be_a_whole_word(registry):
    assert registry.match("analyzer output please") is None
    assert registry.match("analyze: the furnace")[1] == "the furnace"


def test_plain_text_is_not_a_command(registry):
    assert registry.match("how do I craft a furnace?") is None
    assert registry.match("   ") is None


def test_an_alias_taken_by_another_command_is_refused(registry):
    with pytest.raises(ValueError, match="already belongs"):
        registry.register(Command("think", aliases=("分析",)))


def test_the_snapshot_lists_names_aliases_usage_and_completion(registry):
    snap = {c["name"]: c for c in registry.snapshot()}
    assert snap["/item"]["usage"] == "/item <name>"
    assert snap["/item"]["completion"] == "items"
    assert snap["/reason"]["aliases"] == ["分析", "analyze"]


@pytest.mark.django_db
def test_the_snapshot_for_a_player_hides_admin_commands(registry):
    player = get_user_model().objects.create_user("alice")
    admin = get_user_model().objects.create_user("root", is_staff=True)
    assert "/reload" not in {c["name"] for c in registry.snapshot(player)}
    assert "/reload" in {c["name"] for c in registry.snapshot(admin)}


def test_completions_are_limited_and_unknown_sources_are_empty(registry):
    assert registry.completions("items", "iron", None, limit=1) == ["Iron Ingot"]
    assert registry.completions("nope", "iron", None) == []


def test_run_direct_calls_the_handler(registry):
    result = registry.run_direct("/item torch", None)
    assert result.text == "item torch"
    assert result.command == "item"


def test_run_direct_leaves_workflow_commands_to_the_workflow(registry):
    assert registry.run_direct("/reason why", None) is None


@pytest.mark.django_db
def test_run_direct_refuses_admin_commands_to_players(registry):
    player = get_user_model().objects.create_user("alice")
    result = registry.run_direct("/reload", player)
    assert not result.ok
    assert "admins only" in result.text


def test_an_unknown_slash_command_gets_a_clear_answer(registry):
    result = registry.run_direct("/fly away", None)
    assert not result.ok
    assert "Unknown command /fly" in result.text


def test_direct_hits_from_several_matchers_are_merged(registry):
    registry.register_matcher("a", lambda text, user: DirectResult("an item", [{"kind": "item"}]))
    registry.register_matcher("b", lambda text, user: DirectResult("a quest", [{"kind": "quest"}]))
    result = registry.run_direct("Diamond", None)
    assert [c["kind"] for c in result.cards] == ["item", "quest"]


def test_a_sentence_is_never_a_direct_hit(registry):
    registry.register_matcher("a", lambda text, user: DirectResult("hit"))
    assert registry.run_direct("x" * 101, None) is None


@pytest.mark.django_db
def test_commands_of_a_disabled_module_are_unavailable(registry):
    registry.register(
        Command("shop", module="game.shop", handler=lambda a, u: DirectResult("open"))
    )
    Module.objects.create(slug="game.shop", enabled=False)
    player = get_user_model().objects.create_user("alice")
    assert not registry.run_direct("/shop", player).ok
    assert "/shop" not in {c["name"] for c in registry.snapshot(player)}
