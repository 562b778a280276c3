"""GET /api/game/deliveries (long-poll) and POST …/result (idempotent) for a server plugin."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection

from agentweb.game.models import Delivery, DeliveryState, PlayerProfile
from agentweb.gameserver.models import AccountLink
from tests.gameserver.conftest import error_code, make_player, purchase


@pytest.mark.django_db
def test_the_plugin_gets_the_due_deliveries_oldest_first_and_reports_them(api, alice, bob, shop):
    purchase(alice, "bread", 2)
    purchase(bob, "torch", 5)
    page = api.get("/api/game/deliveries").json()
    rows = page["deliveries"]
    assert [(r["name"], r["item"], r["count"]) for r in rows] == [
        ("AliceMC", "minecraft:bread", 2),
        ("BobMC", "minecraft:torch", 5),
    ]
    assert rows[0]["command"] == "give AliceMC minecraft:bread 2"
    assert rows[0]["resent"] is False
    assert page["next_after"] == rows[-1]["id"]
    assert set(Delivery.objects.values_list("state", flat=True)) == {DeliveryState.SENDING}
    done = api.post(f"/api/game/deliveries/{rows[0]['id']}/result", {"status": "delivered"})
    assert done.json() == {"id": rows[0]["id"], "state": "delivered", "changed": True}
    assert Delivery.objects.get(pk=rows[0]["id"]).state == DeliveryState.DELIVERED


@pytest.mark.django_db
def test_a_repeated_report_changes_nothing_and_says_so(api, alice, shop):
    purchase(alice)
    row = api.get("/api/game/deliveries").json()["deliveries"][0]
    url = f"/api/game/deliveries/{row['id']}/result"
    api.post(url, {"status": "delivered", "detail": "gave 1 bread"})
    again = api.post(url, {"status": "delivered", "detail": "gave 1 bread"})
    assert again.status_code == 200
    assert again.json()["changed"] is False
    contradicting = api.post(url, {"status": "failed", "detail": "inventory full"})
    assert contradicting.status_code == 409
    assert error_code(contradicting) == "already_settled"
    assert Delivery.objects.get().state == DeliveryState.DELIVERED


@pytest.mark.django_db
def test_a_failed_report_keeps_the_plugins_reason(api, alice, shop):
    purchase(alice)
    row = api.get("/api/game/deliveries").json()["deliveries"][0]
    api.post(f"/api/game/deliveries/{row['id']}/result", {"status": "failed", "detail": "full"})
    delivery = Delivery.objects.get()
    assert (delivery.state, delivery.detail) == (DeliveryState.FAILED, "full")


@pytest.mark.django_db
def test_after_skips_what_the_plugin_has_seen_and_a_restart_sees_unreported_ones(api, alice, shop):
    purchase(alice)
    first = api.get("/api/game/deliveries").json()
    assert api.get(f"/api/game/deliveries?after={first['next_after']}").json()["deliveries"] == []
    restarted = api.get("/api/game/deliveries?after=0").json()["deliveries"]
    assert [r["resent"] for r in restarted] == [True]


@pytest.mark.django_db
def test_a_player_known_to_be_offline_is_not_handed_out_until_online(api, alice, shop):
    PlayerProfile.objects.update(online=False)
    purchase(alice)
    assert api.get("/api/game/deliveries").json()["deliveries"] == []
    api.put(f"/api/game/players/{AccountLink.objects.get().uuid}", {"online": True})
    assert len(api.get("/api/game/deliveries").json()["deliveries"]) == 1


@pytest.mark.django_db
def test_unlinked_players_deliveries_are_not_handed_out(api, shop):
    purchase(make_player("carol"))
    assert api.get("/api/game/deliveries").json()["deliveries"] == []


@pytest.mark.django_db(transaction=True)
def test_a_long_poll_returns_as_soon_as_something_is_bought(api, alice, shop):
    from agentweb.gameserver.api import waits
    from agentweb.gameserver.models import GameServerToken

    token = GameServerToken.objects.get()

    def buy_soon() -> None:
        while waits.open_for(token.pk) == 0:  # the long-poll is waiting now
            time.sleep(0.01)
        purchase(alice)
        connection.close()

    buyer = threading.Thread(target=buy_soon)
    buyer.start()
    response = api.get("/api/game/deliveries?wait=10")
    buyer.join()
    assert [r["item"] for r in response.json()["deliveries"]] == ["minecraft:bread"]


@pytest.mark.django_db
def test_a_long_poll_with_nothing_to_deliver_answers_empty_when_the_wait_is_over(api, alice):
    response = api.get("/api/game/deliveries?wait=1")
    assert response.status_code == 200
    assert response.json() == {"deliveries": [], "next_after": 0}


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query", ["after=-1", "after=x", "wait=31", "wait=1.5", "limit=101", "limit=abc"]
)
def test_bad_delivery_queries_get_a_clear_error_and_claim_nothing(api, alice, shop, query):
    purchase(alice)
    response = api.get(f"/api/game/deliveries?{query}")
    assert response.status_code == 400
    assert error_code(response) == "bad_field"
    assert Delivery.objects.get().state == DeliveryState.PENDING


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"status": "given"}, 400, "bad_field"),
        ({}, 400, "bad_field"),
        ({"status": "delivered", "detail": 5}, 400, "bad_field"),
        ({"status": "delivered", "detail": "x" * 501}, 400, "bad_field"),
        ("{", 400, "bad_json"),
    ],
)
def test_bad_results_get_a_clear_error_and_change_nothing(api, alice, shop, body, status, code):
    purchase(alice)
    row = api.get("/api/game/deliveries").json()["deliveries"][0]
    response = api.post(f"/api/game/deliveries/{row['id']}/result", body)
    assert (response.status_code, error_code(response)) == (status, code)
    assert Delivery.objects.get().state == DeliveryState.SENDING


@pytest.mark.django_db
def test_a_result_for_a_delivery_not_handed_out_is_refused(api, alice, shop):
    purchase(alice)
    delivery = Delivery.objects.get()
    response = api.post(f"/api/game/deliveries/{delivery.pk}/result", {"status": "delivered"})
    assert (response.status_code, error_code(response)) == (404, "unknown_delivery")
    missing = api.post("/api/game/deliveries/999999/result", {"status": "delivered"})
    assert (missing.status_code, error_code(missing)) == (404, "unknown_delivery")
    assert Delivery.objects.get().state == DeliveryState.PENDING


@pytest.mark.django_db
def test_the_rcon_deliverer_and_the_plugin_never_take_the_same_delivery(
    api, alice, shop, game, deliverer
):
    purchase(alice)
    handed = api.get("/api/game/deliveries").json()["deliveries"]
    deliverer.run_once()
    assert len(handed) == 1
    assert game.given == []


@pytest.mark.django_db
def test_a_page_of_unreported_deliveries_claims_no_more_than_it_returns(api, alice, shop):
    for _ in range(3):
        purchase(alice)
    assert len(api.get("/api/game/deliveries?limit=2").json()["deliveries"]) == 2
    again = api.get("/api/game/deliveries?after=0&limit=2").json()["deliveries"]
    assert [r["resent"] for r in again] == [True, True]
    assert Delivery.objects.filter(state=DeliveryState.PENDING).count() == 1
