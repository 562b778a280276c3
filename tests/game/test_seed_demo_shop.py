"""``seed_demo`` opens the demo coin shop, and the demo players can buy from it."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management import call_command

from agentweb.game.models import ShopItem
from tests.game.tool_kit import call_tool


def test_seed_demo_opens_a_shop_alice_can_buy_from(world, demo_password, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("seed_demo", verbosity=0)
    assert ShopItem.objects.filter(item__item_id="minecraft:bread", price=5).exists()
    alice = get_user_model().objects.get(username="alice")
    out = call_tool("shop.buy", {"item": "Bread", "quantity": 2}, user=alice)
    assert out.observation["ok"] is True
