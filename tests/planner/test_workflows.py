"""The offline planner through the real workflows: router, reasoning, question, free mode, chat."""

from __future__ import annotations

from pathlib import Path

import pytest
from asgiref.sync import async_to_sync

from agentweb.core.tooling import registry
from agentweb.engine import AllModules, ListSink
from agentweb.engine.policy import MODULE_DEFAULTS
from agentweb.game.demo import KNOWLEDGE_DIR, load_manual_articles
from agentweb.game.models import Item, PlayerProfile, Quest, QuestProgress, QuestStatus, ShopItem
from agentweb.llm.offline import OfflinePlanner
from agentweb.workflows.env import Environment, Request
from agentweb.workflows.prompts import PromptBook
from agentweb.workflows.runner import run_request
from tests.game.tool_kit import Confirm, make_player

PROMPTS = PromptBook(Path(__file__).resolve().parents[2] / "prompts")


def run(text: str, *, user=None, confirmer=None):
    env = Environment(
        registry=registry,
        modules=AllModules(),
        prompts=PROMPTS.snapshot(),
        policy=MODULE_DEFAULTS.__getitem__,
        model=OfflinePlanner(),
        sink=ListSink(),
        principal=user,
        confirmer=confirmer,
    )
    return async_to_sync(run_request)(env, Request(text))


def test_a_multi_step_question_is_routed_to_reasoning_and_answered(world):
    outcome = run("What do I need for the Burning Device quest and how do I get it?")
    assert outcome.workflow == "system:reasoning"
    assert "1× Furnace" in outcome.text
    assert "8× Cobblestone" in outcome.text
    assert [c["kind"] for c in outcome.cards] == ["quest_list", "item"]
    # The router's call and 3 rounds: the reasoning budget of 4 model calls (R-ROUTE-2).
    assert outcome.usage["usage"]["model_calls"] == 4


def test_a_knowledge_question_is_answered_from_the_knowledge_base(world):
    load_manual_articles(KNOWLEDGE_DIR)
    outcome = run("How does the daily sign-in streak work?")
    assert outcome.workflow == "system:question"
    assert "How the daily sign-in works" in outcome.text


def test_free_mode_buys_after_the_player_confirms(world):
    ShopItem.objects.create(item=Item.objects.get(item_id="minecraft:bread"), price=5)
    alice = make_player("alice", balance=100)
    confirm = Confirm(True)
    outcome = run("Please buy 2 bread for me", user=alice, confirmer=confirm)
    assert outcome.workflow == "system:free_chat"
    assert confirm.asked == ["Buy 2× bread from the shop with your coins?"]
    assert "Bought 2× Bread for 10 coins." in outcome.text
    assert PlayerProfile.objects.get(user=alice).balance == 90


def test_free_mode_does_nothing_when_the_player_declines(world):
    ShopItem.objects.create(item=Item.objects.get(item_id="minecraft:bread"), price=5)
    alice = make_player("alice", balance=100)
    outcome = run("Please buy 2 bread for me", user=alice, confirmer=Confirm(False))
    assert "did not do it" in outcome.text
    assert PlayerProfile.objects.get(user=alice).balance == 100


@pytest.mark.parametrize("text", ["hello!", "你好"])
def test_small_talk_gets_one_friendly_reply(world, text):
    outcome = run(text)
    assert outcome.workflow == "system:chat"
    assert outcome.usage["usage"]["model_calls"] == 2
    assert outcome.text


def test_free_mode_finds_the_quest_then_claims_it(world):
    alice = make_player("alice", balance=100)
    QuestProgress.objects.create(
        profile=alice.game_profile,
        quest=Quest.objects.get(quest_id="2B9CD2BF87525F82"),  # rewards 16 minecraft:torch
        status=QuestStatus.COMPLETED,
    )
    outcome = run("Claim the quest Crafting Table for me", user=alice, confirmer=Confirm(True))
    assert outcome.workflow == "system:free_chat"
    assert "Claimed Crafting Table" in outcome.text
    assert "16× Torch" in outcome.text
    assert QuestProgress.objects.get().reward_claimed is True


def test_free_mode_signs_in(world):
    alice = make_player("alice", balance=100)
    outcome = run("sign me in please", user=alice, confirmer=Confirm(True))
    assert outcome.text.startswith("Signed in: +10 coins")
