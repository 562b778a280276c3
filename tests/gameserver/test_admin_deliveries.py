"""The admin: a failing console is shown plainly; unknown deliveries get one-click retry/resolve."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from agentweb.game.models import Delivery, DeliveryState
from agentweb.gameserver.deliverer import Deliverer
from agentweb.gameserver.models import AccountLink, DelivererStatus
from tests.gameserver.conftest import ALICE_UUID, address_of, make_player, purchase

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    admin = get_user_model().objects.create_superuser("root", password="pw")
    client.force_login(admin)
    return client


def test_a_wrong_rcon_password_is_a_clear_failure_in_the_admin(admin_client, alice, shop, rcon):
    purchase(alice)
    Deliverer(address_of(rcon, password="wrong"), name="survival").run_once()
    page = admin_client.get("/admin/game/delivery/").content.decode()
    assert "RCON deliverer survival" in page
    assert "refused the password" in page
    status_page = admin_client.get("/admin/gameserver/delivererstatus/").content.decode()
    assert "FAILING" in status_page
    Deliverer(address_of(rcon), name="survival").run_once()
    assert DelivererStatus.objects.get().ok is True
    assert "refused the password" not in admin_client.get("/admin/game/delivery/").content.decode()


def test_one_click_retry_sends_an_unknown_delivery_again(
    admin_client, alice, shop, game, deliverer
):
    purchase(alice)
    game.drop_after = 1
    deliverer.run_once()
    delivery = Delivery.objects.get()
    listing = admin_client.get("/admin/game/delivery/").content.decode()
    assert f'formaction="/admin/game/delivery/{delivery.pk}/retry/"' in listing
    admin_client.post(f"/admin/game/delivery/{delivery.pk}/retry/")
    assert Delivery.objects.get().state == DeliveryState.PENDING
    deliverer.run_once()
    assert len(game.given) == 2
    assert Delivery.objects.get().state == DeliveryState.DELIVERED


def test_one_click_resolve_marks_an_unknown_delivery_delivered(
    admin_client, alice, shop, game, deliverer
):
    purchase(alice)
    game.drop_after = 1
    deliverer.run_once()
    pk = Delivery.objects.get().pk
    admin_client.post(f"/admin/game/delivery/{pk}/resolve/", {"outcome": "delivered"})
    delivery = Delivery.objects.get()
    assert delivery.state == DeliveryState.DELIVERED
    assert delivery.detail == "resolved by root"
    deliverer.run_once()
    assert len(game.given) == 1


def test_retry_needs_a_post_and_leaves_a_delivered_one_alone(admin_client, alice, shop, deliverer):
    purchase(alice)
    deliverer.run_once()
    pk = Delivery.objects.get().pk
    assert admin_client.get(f"/admin/game/delivery/{pk}/retry/").status_code == 405
    admin_client.post(f"/admin/game/delivery/{pk}/retry/")
    assert Delivery.objects.get().state == DeliveryState.DELIVERED


def test_the_admin_links_an_account_by_hand(admin_client):
    carol = get_user_model().objects.create_user("carol")
    response = admin_client.post(
        "/admin/gameserver/accountlink/add/",
        {"user": carol.pk, "uuid": str(ALICE_UUID), "minecraft_name": "Carol_MC"},
    )
    assert response.status_code == 302
    link = AccountLink.objects.get()
    assert (link.profile.user, link.profile.minecraft_name) == (carol, "Carol_MC")
    assert link.linked_by == "admin root"


def test_the_admin_cannot_link_a_minecraft_account_linked_elsewhere(admin_client):
    make_player("alice", link=ALICE_UUID)
    carol = get_user_model().objects.create_user("carol")
    response = admin_client.post(
        "/admin/gameserver/accountlink/add/",
        {"user": carol.pk, "uuid": str(ALICE_UUID), "minecraft_name": "Carol_MC"},
    )
    assert response.status_code == 200
    assert AccountLink.objects.get().profile.user.username == "alice"


def test_a_new_game_server_token_is_shown_once(admin_client):
    response = admin_client.post(
        "/admin/gameserver/gameservertoken/add/", {"name": "lobby"}, follow=True
    )
    assert "gs_" in response.content.decode()


def test_the_delivery_commands_page_shows_what_is_in_force(admin_client):
    page = admin_client.get("/admin/gameserver/deliverycommands/add/").content.decode()
    assert "give {name} {item} {count}" in page
    admin_client.post("/admin/gameserver/deliverycommands/add/", {"item": "eco give {name} {item}"})
    page = admin_client.get("/admin/gameserver/deliverycommands/1/change/").content.decode()
    assert "eco give {name} {item}" in page


def test_an_old_failure_of_a_stopped_deliverer_is_not_shown_as_current(admin_client):
    import datetime

    from django.utils import timezone

    DelivererStatus.objects.create(
        name="gone",
        target="x:1",
        ok=False,
        message="refused the password",
        checked_at=timezone.now() - datetime.timedelta(hours=1),
    )
    assert "refused the password" not in admin_client.get("/admin/game/delivery/").content.decode()
