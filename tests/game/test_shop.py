"""shop.buy: conditional updates, nothing changes on failure, undo refunds."""

from __future__ import annotations

import pytest

from agentweb.engine import AgentError, AgentFailure
from agentweb.game.models import Delivery, DeliveryState, Item, PlayerProfile, Purchase, ShopItem
from agentweb.game.services.errors import CannotCompensate
from agentweb.game.services.shop import ensure_demo_shop
from tests.game.tool_kit import call_tool, make_player, undo


@pytest.fixture
def shop(world):
    bread = ShopItem.objects.create(item=Item.objects.get(item_id="minecraft:bread"), price=5)
    pick = ShopItem.objects.create(
        item=Item.objects.get(item_id="minecraft:iron_pickaxe"), price=120, stock=1
    )
    return {"bread": bread, "pick": pick}


def balance(user):
    return PlayerProfile.objects.get(user=user).balance


def test_buying_takes_the_coins_and_records_a_delivery(shop):
    alice = make_player("alice", balance=100)
    out = call_tool("shop.buy", {"item": "bread", "quantity": 3}, user=alice)
    assert out.observation["ok"] is True
    assert out.observation["total"] == 15
    assert balance(alice) == 85
    delivery = Delivery.objects.get(profile__user=alice)
    assert (delivery.item_id, delivery.count) == ("minecraft:bread", 3)
    assert out.card["kind"] == "purchase"


def test_not_enough_coins_changes_nothing(shop):
    alice = make_player("alice", balance=100)
    out = call_tool("shop.buy", {"item": "iron pickaxe"}, user=alice)
    assert out.observation["ok"] is False
    assert "your balance is 100" in out.observation["message"]
    assert balance(alice) == 100
    assert ShopItem.objects.get(pk=shop["pick"].pk).stock == 1
    assert not Purchase.objects.exists()


def test_stock_runs_out(shop):
    alice = make_player("alice", balance=1000)
    assert call_tool("shop.buy", {"item": "iron pickaxe"}, user=alice).observation["ok"]
    second = call_tool("shop.buy", {"item": "iron pickaxe"}, user=alice)
    assert second.observation["ok"] is False
    assert balance(alice) == 880


def test_an_item_the_shop_does_not_sell_lists_what_it_sells(shop):
    alice = make_player("alice", balance=100)
    out = call_tool("shop.buy", {"item": "diamond"}, user=alice)
    assert out.observation["ok"] is False
    assert {o["item"] for o in out.observation["for_sale"]} == {"Bread", "Iron Pickaxe"}


def test_undo_refunds_and_restocks(shop):
    alice = make_player("alice", balance=1000)
    out = call_tool("shop.buy", {"item": "iron pickaxe"}, user=alice)
    undo(out)
    assert balance(alice) == 1000
    assert ShopItem.objects.get(pk=shop["pick"].pk).stock == 1
    assert Purchase.objects.get().refunded is True
    assert not Delivery.objects.exclude(state=DeliveryState.CANCELLED).exists()


def test_undo_after_the_item_was_handed_out_is_refused(shop):
    alice = make_player("alice", balance=100)
    out = call_tool("shop.buy", {"item": "bread"}, user=alice)
    Delivery.objects.update(state=DeliveryState.DELIVERED)
    with pytest.raises(CannotCompensate):
        undo(out)
    assert balance(alice) == 95


@pytest.mark.parametrize(
    "raw", [{"item": "bread", "quantity": 0}, {"item": "bread", "quantity": 65}, {"item": ""}]
)
def test_shop_buy_rejects_bad_input(shop, raw):
    alice = make_player("alice")
    with pytest.raises(AgentError) as caught:
        call_tool("shop.buy", raw, user=alice)
    assert caught.value.failure is AgentFailure.TOOL_INPUT_INVALID


def test_the_demo_shop_is_created_once(world):
    first = ensure_demo_shop()
    count = ShopItem.objects.count()
    ensure_demo_shop()
    assert count == ShopItem.objects.count() > 0
    assert "created" in first[0]


def test_offers_are_found_by_plural_or_a_close_name_but_never_a_guess(shop):
    from agentweb.game.services.shop import find_offer

    assert find_offer("iron pickaxes") == shop["pick"]
    assert find_offer("iron pikaxe") == shop["pick"]
    assert find_offer("pickaxe") == shop["pick"]
    assert find_offer("diamond pickaxe") is None, "shares one word with the iron pickaxe"
    assert find_offer("qwxv") is None
