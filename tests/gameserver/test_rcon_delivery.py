"""The RCON deliverer against a server speaking the real protocol on 127.0.0.1."""

from __future__ import annotations

from agentweb.game.models import Delivery, DeliveryState, PlayerProfile
from agentweb.gameserver.deliverer import Deliverer
from agentweb.gameserver.models import AccountLink, DelivererStatus
from tests.gameserver.conftest import address_of, make_player, purchase


def test_a_bought_item_is_given_exactly_once(alice, shop, game, deliverer):
    purchase(alice, "bread", 3)
    result = deliverer.run_once()
    assert result.delivered == 1
    deliverer.run_once()
    assert game.given == [("AliceMC", "minecraft:bread", 3)]
    delivery = Delivery.objects.get()
    assert delivery.state == DeliveryState.DELIVERED
    assert delivery.reply == "Gave 3 [bread] to AliceMC"
    assert delivery.attempts == 1


def test_a_lost_reply_becomes_unknown_and_is_not_resent(alice, shop, game, deliverer):
    purchase(alice)
    game.drop_after = 1
    result = deliverer.run_once()
    assert result.unknown == 1
    delivery = Delivery.objects.get()
    assert delivery.state == DeliveryState.UNKNOWN
    assert "check in game" in delivery.detail
    for _ in range(3):
        deliverer.run_once()
    assert game.given == [("AliceMC", "minecraft:bread", 1)]
    assert Delivery.objects.get().state == DeliveryState.UNKNOWN


def test_a_connection_dropped_before_the_command_is_retried_and_given_once(
    alice, shop, game, deliverer
):
    purchase(alice)
    game.drop_list = 1
    result = deliverer.run_once()
    assert "dropped the connection" in result.error
    assert Delivery.objects.get().state == DeliveryState.PENDING
    assert deliverer.backoff_s() > 0
    deliverer.run_once()
    assert game.given == [("AliceMC", "minecraft:bread", 1)]
    assert Delivery.objects.get().state == DeliveryState.DELIVERED


def test_a_server_that_is_down_leaves_the_delivery_pending_and_backs_off(alice, shop, rcon):
    purchase(alice)
    address = address_of(rcon)
    rcon.stop()
    deliverer = Deliverer(address, name="d")
    first = deliverer.run_once()
    assert "cannot reach RCON" in first.error
    first_wait = deliverer.backoff_s()
    deliverer.run_once()
    assert deliverer.backoff_s() == 2 * first_wait
    assert Delivery.objects.get().state == DeliveryState.PENDING
    status = DelivererStatus.objects.get(name="d")
    assert status.ok is False and "cannot reach RCON" in status.message


def test_a_wrong_password_is_recorded_for_the_admin_and_nothing_is_claimed(alice, shop, rcon):
    purchase(alice)
    deliverer = Deliverer(address_of(rcon, password="wrong"), name="d")
    result = deliverer.run_once()
    assert "refused the password" in result.error
    assert Delivery.objects.get().state == DeliveryState.PENDING
    status = DelivererStatus.objects.get(name="d")
    assert status.ok is False
    assert "AGENTWEB_RCON_PASSWORD" in status.message
    assert rcon.game.given == []


def test_an_offline_player_waits_and_gets_the_item_once_online(alice, shop, game, deliverer):
    game.online = set()
    purchase(alice)
    result = deliverer.run_once()
    assert result.waiting == 1
    delivery = Delivery.objects.get()
    assert delivery.state == DeliveryState.PENDING
    assert delivery.detail == "waiting until the player is online"
    assert AccountLink.objects.get().profile.online is False
    assert not [c for c in game.commands if c.startswith("give")]
    game.online = {"AliceMC"}
    Delivery.objects.update(not_before=None)
    deliverer.run_once()
    assert game.given == [("AliceMC", "minecraft:bread", 1)]
    assert AccountLink.objects.get().profile.online is True


def test_a_refused_command_fails_with_the_servers_reply(alice, shop, game, deliverer):
    purchase(alice)
    Delivery.objects.update(item_id="othermod:bread")
    deliverer.run_once()
    delivery = Delivery.objects.get()
    assert delivery.state == DeliveryState.FAILED
    assert delivery.detail == "Unknown item 'othermod:bread'"


def test_an_unlinked_players_delivery_waits_for_the_link(shop, game, deliverer):
    carol = make_player("carol")
    purchase(carol)
    deliverer.run_once()
    assert Delivery.objects.get().state == DeliveryState.PENDING
    assert game.given == []


def test_a_long_list_reply_split_over_packets_is_read_whole(alice, shop, game, deliverer):
    game.online = {f"Player{i:05d}" for i in range(900)} | {"AliceMC"}
    purchase(alice)
    deliverer.run_once()
    assert Delivery.objects.get().state == DeliveryState.DELIVERED
    assert game.given == [("AliceMC", "minecraft:bread", 1)]


def test_a_name_that_is_not_a_minecraft_name_is_never_put_into_a_command(
    alice, shop, game, deliverer
):
    purchase(alice)
    from agentweb.game.models import PlayerProfile

    PlayerProfile.objects.update(minecraft_name="AliceMC\nop AliceMC")
    deliverer.run_once()
    assert not [c for c in game.commands if c != "list"]
    assert Delivery.objects.get().state == DeliveryState.PENDING


def test_a_connection_dropped_as_the_give_arrives_is_unknown_not_guessed(
    alice, shop, game, deliverer
):
    # The server closed the connection without running the command; from the
    # client that looks exactly like a lost reply, so an admin decides.
    purchase(alice)
    game.drop_before = 1
    deliverer.run_once()
    deliverer.run_once()
    assert game.given == []
    assert Delivery.objects.get().state == DeliveryState.UNKNOWN
    Delivery.objects.retry([Delivery.objects.get().pk])
    deliverer.run_once()
    assert game.given == [("AliceMC", "minecraft:bread", 1)]


def test_without_a_readable_list_reply_the_pushed_online_state_decides(
    alice, shop, game, deliverer
):
    game.run = lambda command, run=game.run: (
        "Players (1/20): AliceMC" if command == "list" else run(command)
    )
    PlayerProfile.objects.update(online=False)
    purchase(alice)
    deliverer.run_once()
    assert game.given == []
    assert Delivery.objects.get().detail == "waiting until the player is online"
    PlayerProfile.objects.update(online=True)
    Delivery.objects.update(not_before=None)
    deliverer.run_once()
    assert game.given == [("AliceMC", "minecraft:bread", 1)]


def test_a_delivery_left_sending_by_a_deliverer_that_died_becomes_unknown(
    alice, shop, game, deliverer
):
    import datetime

    from django.utils import timezone

    purchase(alice)
    pk = Delivery.objects.get().pk
    assert Delivery.objects.claim(pk, "rcon", "crashed-host")
    Delivery.objects.update(claimed_at=timezone.now() - datetime.timedelta(minutes=5))
    deliverer.run_once()
    delivery = Delivery.objects.get()
    assert delivery.state == DeliveryState.UNKNOWN
    assert "stopped while sending" in delivery.detail
    assert game.given == []
