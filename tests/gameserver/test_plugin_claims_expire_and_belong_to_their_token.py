"""A plugin's deliveries: what RCON cannot build is the plugin's at once; a claim belongs to
its token and ends as ``unknown`` when the plugin stays silent or its token is revoked."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from agentweb.game.models import Delivery, DeliveryKind, DeliveryState
from agentweb.gameserver.auth import new_token
from agentweb.gameserver.feed import PLUGIN_CLAIM_TTL
from agentweb.gameserver.models import GameServerToken
from tests.gameserver.conftest import GameApi, error_code, purchase

pytestmark = pytest.mark.django_db


@pytest.fixture
def other_api(db) -> GameApi:
    return GameApi(new_token("another server")[1])


def _claimed_long_ago() -> None:
    Delivery.objects.update(claimed_at=timezone.now() - PLUGIN_CLAIM_TTL - datetime.timedelta(1))


def test_what_rcon_cannot_build_is_handed_to_the_plugin_at_once(api, alice, deliverer):
    reward = Delivery.objects.create(
        profile=alice.game_profile, kind=DeliveryKind.LOOT, label="FTB table", reason="q:1"
    )

    deliverer.run_once()
    rows = api.get("/api/game/deliveries").json()["deliveries"]

    assert [row["id"] for row in rows] == [reward.pk]
    assert rows[0]["command"] is None
    assert Delivery.objects.get().state == DeliveryState.SENDING


def test_rcon_does_not_look_at_what_it_cannot_build_on_every_pass(alice, deliverer):
    Delivery.objects.create(
        profile=alice.game_profile, kind=DeliveryKind.LOOT, label="FTB table", reason="q:1"
    )
    deliverer.run_once()

    assert deliverer._due(deliverer_book()) == []
    assert "waiting for the game-server plugin" in Delivery.objects.get().detail


def deliverer_book():
    from agentweb.gameserver.commands import command_book

    return command_book()


def test_a_claim_the_plugin_never_reports_becomes_unknown(api, alice, shop):
    purchase(alice)
    api.get("/api/game/deliveries")
    _claimed_long_ago()

    api.get("/api/game/deliveries")

    delivery = Delivery.objects.get()
    assert delivery.state == DeliveryState.UNKNOWN
    assert "never reported" in delivery.detail


def test_a_claim_handed_out_again_has_its_time_again(api, alice, shop):
    purchase(alice)
    api.get("/api/game/deliveries")
    _claimed_long_ago()
    Delivery.objects.update(claimed_at=timezone.now() - PLUGIN_CLAIM_TTL / 2)

    again = api.get("/api/game/deliveries?after=0").json()["deliveries"]

    assert again[0]["resent"] is True
    assert timezone.now() - Delivery.objects.get().claimed_at < PLUGIN_CLAIM_TTL / 2


def test_a_revoked_tokens_claims_are_unknown_at_once(api, alice, shop):
    purchase(alice)
    api.get("/api/game/deliveries")

    token = GameServerToken.objects.get()
    token.revoked = True
    token.save()

    delivery = Delivery.objects.get()
    assert delivery.state == DeliveryState.UNKNOWN
    assert "revoked" in delivery.detail


def test_a_silent_claim_of_a_revoked_token_expires_with_no_plugin_polling(alice, shop, deliverer):
    """Nobody polls any more: the player's card (and the RCON pass) still see it expire."""
    token, _ = new_token("gone")
    purchase(alice)
    Delivery.objects.update(
        state=DeliveryState.SENDING, channel="api", claimed_by=f"token:{token.pk}"
    )
    _claimed_long_ago()

    deliverer.run_once()

    assert Delivery.objects.get().state == DeliveryState.UNKNOWN


def test_another_tokens_delivery_cannot_be_settled(api, other_api, alice, shop):
    purchase(alice)
    row = api.get("/api/game/deliveries").json()["deliveries"][0]

    response = other_api.post(f"/api/game/deliveries/{row['id']}/result", {"status": "failed"})

    assert (response.status_code, error_code(response)) == (404, "unknown_delivery")
    assert Delivery.objects.get().state == DeliveryState.SENDING
    done = api.post(f"/api/game/deliveries/{row['id']}/result", {"status": "delivered"})
    assert done.json()["changed"] is True
