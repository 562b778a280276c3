"""ftb.quest.claim: once per completed quest; undo takes everything back."""

from __future__ import annotations

import pytest

from agentweb.core.models import Module
from agentweb.engine import AgentError, AgentFailure
from agentweb.ftb.claim import DEFAULT_CLAIM_COINS
from agentweb.game.models import (
    Delivery,
    DeliveryState,
    PlayerProfile,
    Quest,
    QuestProgress,
    QuestStatus,
)
from tests.game.tool_kit import call_tool, make_player, undo

# chapter_0_from_dust.snbt: the crafting-table quest rewards 16 minecraft:torch.
CRAFTING_TABLE = "2B9CD2BF87525F82"


@pytest.fixture
def alice(world):
    user = make_player("alice", balance=100)
    QuestProgress.objects.create(
        profile=user.game_profile,
        quest=Quest.objects.get(quest_id=CRAFTING_TABLE),
        status=QuestStatus.COMPLETED,
    )
    return user


def test_claiming_credits_coins_and_the_reward_items(alice):
    out = call_tool("ftb.quest.claim", {"quest_id": CRAFTING_TABLE}, user=alice)
    assert out.observation["ok"] is True
    assert out.observation["credited"] == ["16× Torch"]
    assert PlayerProfile.objects.get(user=alice).balance == 100 + DEFAULT_CLAIM_COINS
    assert Delivery.objects.get().item_id == "minecraft:torch"
    assert QuestProgress.objects.get().reward_claimed is True


def test_a_quest_is_claimed_only_once(alice):
    call_tool("ftb.quest.claim", {"quest_id": CRAFTING_TABLE}, user=alice)
    second = call_tool("ftb.quest.claim", {"quest_id": CRAFTING_TABLE}, user=alice)
    assert second.observation["ok"] is False
    assert "already claimed" in second.observation["message"]
    assert Delivery.objects.count() == 1


def test_an_unfinished_quest_cannot_be_claimed(alice):
    QuestProgress.objects.update(status=QuestStatus.IN_PROGRESS)
    out = call_tool("ftb.quest.claim", {"quest_id": CRAFTING_TABLE}, user=alice)
    assert out.observation == {"ok": False, "message": "Crafting Table is not completed yet."}


def test_an_unknown_quest_cannot_be_claimed(alice):
    out = call_tool("ftb.quest.claim", {"quest_id": "0123456789ABCDEF"}, user=alice)
    assert out.observation["ok"] is False


def test_undo_unclaims_and_takes_back_coins_and_items(alice):
    out = call_tool("ftb.quest.claim", {"quest_id": CRAFTING_TABLE}, user=alice)
    undo(out)
    assert PlayerProfile.objects.get(user=alice).balance == 100
    assert QuestProgress.objects.get().reward_claimed is False
    assert not Delivery.objects.exclude(state=DeliveryState.CANCELLED).exists()


def test_the_admin_sets_the_claim_bonus_in_the_module_config(alice):
    Module.objects.create(slug="game.ftb", config={"claim_coins": 7})
    out = call_tool("ftb.quest.claim", {"quest_id": CRAFTING_TABLE}, user=alice)
    assert out.observation["coins"] == 7


def test_the_claim_card_shows_what_was_credited(alice):
    card = call_tool("ftb.quest.claim", {"quest_id": CRAFTING_TABLE}, user=alice).card
    assert card["kind"] == "quest_claim"
    assert card["credited"] == ["16× Torch"]


@pytest.mark.parametrize("raw", [{}, {"quest_id": "zz"}, {"quest_id": CRAFTING_TABLE, "x": 1}])
def test_claim_rejects_input_that_breaks_its_schema(alice, raw):
    with pytest.raises(AgentError) as caught:
        call_tool("ftb.quest.claim", raw, user=alice)
    assert caught.value.failure is AgentFailure.TOOL_INPUT_INVALID


def test_claim_without_a_player_is_refused(world):
    with pytest.raises(AgentError) as caught:
        call_tool("ftb.quest.claim", {"quest_id": CRAFTING_TABLE})
    assert caught.value.failure is AgentFailure.PERMISSION_DENIED
