"""Undo of a purchase or a quest claim cancels what has not reached the game, and says so."""

from __future__ import annotations

import pytest

from agentweb.game.models import Delivery, DeliveryState, PlayerProfile, Purchase
from agentweb.game.services.errors import CannotCompensate
from agentweb.game.services.shop import buy, refund


def _balance(user) -> int:
    return PlayerProfile.objects.get(user=user).balance


@pytest.mark.django_db
def test_undo_before_delivery_refunds_and_the_deliverer_gives_nothing(alice, shop, game, deliverer):
    result = buy(alice, "bread", 2)
    refund(result)
    deliverer.run_once()
    assert game.given == []
    assert Delivery.objects.get().state == DeliveryState.CANCELLED
    assert _balance(alice) == 1000


@pytest.mark.django_db
def test_undo_after_delivery_keeps_everything_and_says_it_was_delivered(
    alice, shop, game, deliverer
):
    result = buy(alice, "bread", 2)
    deliverer.run_once()
    with pytest.raises(CannotCompensate) as kept:
        refund(result)
    assert str(kept.value) == "2× Bread was already delivered in game, so it was not taken back."
    assert Purchase.objects.get().refunded is False
    assert _balance(alice) == 990
    assert Delivery.objects.get().state == DeliveryState.DELIVERED


@pytest.mark.django_db
def test_undo_of_an_unconfirmed_delivery_is_refused(alice, shop, game, deliverer):
    result = buy(alice, "bread")
    game.drop_after = 1
    deliverer.run_once()
    with pytest.raises(CannotCompensate, match="may already be in game"):
        refund(result)
    assert Delivery.objects.get().state == DeliveryState.UNKNOWN


@pytest.mark.django_db
def test_undo_of_a_failed_delivery_refunds_it(alice, shop, game, deliverer):
    result = buy(alice, "bread")
    Delivery.objects.update(item_id="othermod:bread")
    deliverer.run_once()
    refund(result)
    assert Delivery.objects.get().state == DeliveryState.CANCELLED
    assert Purchase.objects.get().refunded is True


@pytest.mark.django_db
def test_a_quest_claim_with_a_delivered_reward_is_not_undone_and_says_which(alice, game, deliverer):
    from agentweb.ftb.claim import claim, unclaim
    from agentweb.game.models import Chapter, Quest, QuestBook, QuestProgress, Reward

    book = QuestBook.objects.create(slug="b", name="B")
    chapter = Chapter.objects.create(book=book, chapter_id="C", filename="c", title="C")
    quest = Quest.objects.create(book=book, chapter=chapter, quest_id="00000000000000AA", title="Q")
    Reward.objects.create(
        quest=quest, reward_id="r1", type="item", item_id="minecraft:torch", count=4
    )
    Reward.objects.create(quest=quest, reward_id="r2", order=1, type="xp", xp=50)
    QuestProgress.objects.create(profile=alice.game_profile, quest=quest, status="completed")
    result = claim(alice, quest.quest_id)
    assert result.ok, result.message
    torch = Delivery.objects.get(kind="item")
    Delivery.objects.filter(pk=torch.pk).update(state=DeliveryState.DELIVERED)
    with pytest.raises(CannotCompensate, match="was already delivered in game"):
        unclaim(result)
    assert QuestProgress.objects.get().reward_claimed is True
    assert Delivery.objects.get(kind="xp").state == DeliveryState.PENDING
