"""Deterministic commands and direct name hits: answered with no model call (SPEC §2)."""

from __future__ import annotations

import datetime

from django.utils import timezone

from agentweb.core.commands import commands, run_direct
from agentweb.core.models import Module
from agentweb.game.models import PlayerProfile, Quest, QuestProgress, QuestStatus
from tests.game.tool_kit import make_player

# chapter_0_from_dust.snbt: "Burning Device" asks for 1 minecraft:furnace.
BURNING_DEVICE = "7013762E5C89BE35"


def test_checkin_signs_the_player_in_without_confirmation(world):
    yesterday = timezone.localdate() - datetime.timedelta(days=1)
    alice = make_player("alice", balance=10, streak=1, last_signin=yesterday)
    result = run_direct("/checkin", alice)
    assert result.ok
    assert result.command == "checkin"
    assert result.cards[0]["kind"] == "signin"
    assert PlayerProfile.objects.get(user=alice).signin_streak == 2
    assert not run_direct("/checkin", alice).ok  # once a day


def test_the_chinese_alias_signs_in_too(world):
    alice = make_player("alice")
    assert run_direct("签到", alice).command == "checkin"


def test_item_command_shows_the_card_with_sources(world):
    result = run_direct("/item furnace", None)
    assert result.text.startswith("Furnace (minecraft:furnace)")
    assert "crafted from 8× Cobblestone" in result.text
    assert result.cards[0]["recipes"][0]["grid"][0][0] == "Cobblestone or 2 others"
    assert [s.title for s in result.sources] == ["Item: Furnace"]


def test_item_command_with_an_unknown_name_suggests_candidates(world):
    result = run_direct("/item iron", None)
    assert not result.ok
    assert "Did you mean" in result.text
    assert result.cards == []


def test_item_command_without_a_name_shows_the_usage(world):
    assert run_direct("/item", None).text == "Usage: /item <name>"


def test_quest_command_by_title_and_by_id(world):
    by_title = run_direct("/quest burning device", None)
    by_id = run_direct(f"/quest {BURNING_DEVICE.lower()}", None)
    assert by_title.text == by_id.text
    assert "Tasks: 1× Furnace" in by_title.text
    assert by_title.cards[0]["kind"] == "quest"


def test_quest_command_lists_several_matches(world):
    result = run_direct("/quest iron", None)
    assert result.cards[0]["kind"] == "quest_list"
    assert "Iron Ingot (Chapter 0: From Dust)" in result.text


def test_a_message_that_is_exactly_a_quest_title_gets_its_card(world):
    result = run_direct("burning device", None)
    assert result.command is None
    assert [c["kind"] for c in result.cards] == ["quest"]


def test_a_name_that_is_an_item_and_a_quest_gets_both_cards(world):
    result = run_direct("Diamond", None)
    assert [c["kind"] for c in result.cards] == ["item", "quest"]


def test_a_sentence_is_not_a_direct_hit(world):
    assert run_direct("how do I craft a furnace?", None) is None


def test_tasks_shows_progress_and_rewards_to_claim(world):
    alice = make_player("alice")
    QuestProgress.objects.create(
        profile=alice.game_profile,
        quest=Quest.objects.get(quest_id=BURNING_DEVICE),
        status=QuestStatus.COMPLETED,
    )
    result = run_direct("/tasks", alice)
    assert "Rewards to claim: Burning Device" in result.text
    assert result.cards[0]["claimable"][0]["title"] == "Burning Device"


def test_completion_sources_suggest_item_names_and_quest_titles(world):
    assert "Furnace" in commands.completions("items", "Furn", None)
    assert commands.completions("quests", "Burning", None) == [
        "Burning Device",
        "Burning Device 2: Blastastic",
    ]


def test_the_snapshot_names_the_game_commands_with_their_completion(world):
    alice = make_player("alice")
    snap = {c["name"]: c for c in commands.snapshot(alice)}
    assert snap["/item"]["completion"] == "items"
    assert snap["/quest"]["completion"] == "quests"
    assert {"/checkin", "/tasks", "/reason"} <= set(snap)
    assert "/reload" not in snap


def test_a_disabled_module_turns_its_commands_and_name_hits_off(world):
    Module.objects.create(slug="game.ftb", enabled=False)
    alice = make_player("alice")
    assert not run_direct("/quest burning device", alice).ok
    assert run_direct("burning device", alice) is None


def test_the_item_command_states_food_values_and_a_missing_recipe(world):
    result = run_direct("/item cooked beef", None)
    assert "As food it restores 8 food points (4 shanks) and 12.8 saturation." in result.text
    assert "The item data has no crafting recipe for Steak." in result.text
    assert "a smoker" in result.text
