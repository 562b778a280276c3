"""The chat page's game parts: the link panel (code, unlink) and delivery status of cards."""

from __future__ import annotations

import pytest

from agentweb.game.models import Delivery, DeliveryState, PlayerProfile
from agentweb.gameserver.models import AccountLink, LinkCode
from tests.gameserver.conftest import make_player, purchase

pytestmark = pytest.mark.django_db


@pytest.fixture
def carol_client(client):
    carol = make_player("carol")
    client.force_login(carol)
    client.user = carol
    return client


def test_the_chat_page_has_the_link_panel_and_the_delivery_script(carol_client):
    page = carol_client.get("/").content.decode()
    assert 'hx-get="/game/link"' in page
    assert "agentweb/game-deliveries.js" in page


def test_an_unlinked_player_gets_a_one_time_code_with_the_command_to_type(carol_client):
    assert b"Get a link code" in carol_client.get("/game/link").content
    page = carol_client.post("/game/link/code").content.decode()
    assert "/agentweb link " in page
    assert LinkCode.objects.filter(user=carol_client.user, used_at__isnull=True).count() == 1


def test_a_linked_player_sees_the_account_and_can_unlink(client, alice):
    client.force_login(alice)
    page = client.get("/game/link").content.decode()
    assert "AliceMC" in page and 'id="btn-unlink"' in page
    page = client.post("/game/unlink").content.decode()
    assert "no longer linked" in page
    assert not AccountLink.objects.exists()


def test_the_panel_and_its_actions_need_a_login(client):
    assert client.get("/game/link").status_code == 302
    assert client.post("/game/link/code").status_code == 302
    assert client.post("/game/unlink").status_code == 302
    assert not LinkCode.objects.exists()


def test_too_many_codes_are_refused_on_the_page(carol_client):
    from agentweb.gameserver.linking import MAX_CODES_PER_HOUR

    for _ in range(MAX_CODES_PER_HOUR):
        carol_client.post("/game/link/code")
    refused = carol_client.post("/game/link/code")
    assert refused.status_code == 429
    assert b"Too many link codes" in refused.content


def test_a_card_reads_the_status_of_its_delivery(client, alice, shop):
    client.force_login(alice)
    pid = purchase(alice)
    body = client.get(f"/game/deliveries?reason=purchase:{pid}").json()
    item = body["deliveries"][f"purchase:{pid}"]["items"][0]
    assert (item["state"], item["text"]) == ("pending", "waiting for the game server")
    PlayerProfile.objects.update(online=False)
    item = client.get(f"/game/deliveries?reason=purchase:{pid}").json()["deliveries"][
        f"purchase:{pid}"
    ]["items"][0]
    assert item["text"] == "waiting until you are online"
    Delivery.objects.update(state=DeliveryState.FAILED, detail="Unknown item 'x'")
    entry = client.get(f"/game/deliveries?reason=purchase:{pid}").json()["deliveries"][
        f"purchase:{pid}"
    ]
    assert entry["items"][0]["text"] == "failed: Unknown item 'x'"
    assert entry["done"] is False
    Delivery.objects.update(state=DeliveryState.DELIVERED)
    entry = client.get(f"/game/deliveries?reason=purchase:{pid}").json()["deliveries"][
        f"purchase:{pid}"
    ]
    assert entry["items"][0]["text"] == "delivered in game"
    assert entry["items"][0]["undone_text"] == "delivered in game — undo could not take it back"
    assert entry["done"] is True


def test_an_unlinked_players_card_says_to_link(client, shop):
    carol = make_player("carol")
    client.force_login(carol)
    pid = purchase(carol)
    entry = client.get(f"/game/deliveries?reason=purchase:{pid}").json()["deliveries"]
    assert entry[f"purchase:{pid}"]["items"][0]["text"] == (
        "waiting until you link your Minecraft account"
    )


def test_a_player_never_sees_another_players_deliveries(client, alice, bob, shop):
    pid = purchase(bob)
    client.force_login(alice)
    assert client.get(f"/game/deliveries?reason=purchase:{pid}").json() == {"deliveries": {}}


@pytest.mark.parametrize(
    "query", ["", "reason=", "reason=purchase", "reason=purchase:x", "reason=<script>:1"]
)
def test_bad_status_queries_get_a_clear_error(client, alice, query):
    client.force_login(alice)
    response = client.get(f"/game/deliveries?{query}")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_field"


def test_delivery_status_needs_a_login(client):
    assert client.get("/game/deliveries?reason=purchase:1").status_code == 401


def test_the_game_parts_speak_chinese_for_a_chinese_browser(client, alice, shop):
    client.force_login(carol := make_player("carol"))
    zh = {"HTTP_ACCEPT_LANGUAGE": "zh-CN,zh;q=0.9"}
    assert "获取关联代码" in client.get("/game/link", **zh).content.decode()
    pid = purchase(carol)
    body = client.get(f"/game/deliveries?reason=purchase:{pid}", **zh).json()
    assert body["deliveries"][f"purchase:{pid}"]["items"][0]["text"] == "等待你关联我的世界账号"
