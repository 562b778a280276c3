"""Fixtures for the game-server bridge: players with linked accounts, a shop, an RCON server."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from agentweb.game.models import Item, ShopItem
from agentweb.game.services.shop import buy
from agentweb.gameserver.console import ConsoleAddress
from agentweb.gameserver.deliverer import Deliverer
from agentweb.gameserver.models import AccountLink
from tests.assistant.conftest import model  # noqa: F401  (the scripted model of runs)
from tests.fakes.rcon_server import Game, RconServer
from tests.game.tool_kit import make_player as make_game_player

ALICE_UUID = uuid.UUID("069a79f4-44e9-4726-a5be-fca90e38aaf5")
BOB_UUID = uuid.UUID("853c80ef-3c37-49fd-aa49-938b674adae6")


def make_player(username: str, *, balance: int = 100, link: uuid.UUID | None = None) -> Any:
    """A player with a game profile (``tests/game/tool_kit``), linked to a Minecraft account."""
    user = make_game_player(username, balance=balance)
    if link is not None:
        AccountLink.objects.create(profile=user.game_profile, uuid=link, linked_by="test")
    return user


@pytest.fixture
def shop(db) -> dict[str, ShopItem]:
    items = {
        "bread": ("minecraft:bread", "Bread", 5),
        "torch": ("minecraft:torch", "Torch", 2),
    }
    offers = {}
    for key, (item_id, display, price) in items.items():
        item = Item.objects.create(
            item_id=item_id, name=item_id.split(":")[1], display_name=display
        )
        offers[key] = ShopItem.objects.create(item=item, price=price)
    return offers


@pytest.fixture
def alice(db) -> Any:
    return make_player("alice", balance=1000, link=ALICE_UUID)


@pytest.fixture
def bob(db) -> Any:
    return make_player("bob", balance=1000, link=BOB_UUID)


def purchase(user: Any, item: str = "bread", quantity: int = 1) -> int:
    result = buy(user, item, quantity)
    assert result.ok, result.message
    return result.purchase_id


@pytest.fixture
def game() -> Game:
    return Game(online={"AliceMC"})


@pytest.fixture
def rcon(game: Game) -> Iterator[RconServer]:
    server = RconServer(game).start()
    yield server
    server.stop()


def address_of(server: RconServer, password: str | None = None) -> ConsoleAddress:
    return ConsoleAddress("127.0.0.1", server.port, password or server.game.password, 2.0)


@pytest.fixture
def deliverer(rcon: RconServer) -> Deliverer:
    return Deliverer(address_of(rcon), name="test-deliverer")


@pytest.fixture
def game_token(db) -> str:
    from agentweb.gameserver.auth import new_token

    return new_token("survival server")[1]


class GameApi:
    """The game API as a plugin calls it: JSON bodies, the game-server token."""

    def __init__(self, key: str) -> None:
        from django.test import Client

        self.client = Client()
        self.headers = {"Authorization": f"Bearer {key}"}

    def _send(self, method: str, url: str, body: Any) -> Any:
        import json

        data = body if isinstance(body, str | bytes) else json.dumps(body)
        call = getattr(self.client, method)
        return call(url, data=data, content_type="application/json", headers=self.headers)

    def post(self, url: str, body: Any = None) -> Any:
        return self._send("post", url, {} if body is None else body)

    def put(self, url: str, body: Any = None) -> Any:
        return self._send("put", url, {} if body is None else body)

    def get(self, url: str) -> Any:
        return self.client.get(url, headers=self.headers)


@pytest.fixture
def api(game_token: str) -> GameApi:
    return GameApi(game_token)


def error_code(response: Any) -> str:
    return response.json()["error"]["code"]
