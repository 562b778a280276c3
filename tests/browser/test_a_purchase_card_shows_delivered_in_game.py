"""A purchase card follows its delivery: waiting, then "delivered in game" once RCON confirms;
undo then says it could not take the bread back.

The whole path is real: the link code from the page is redeemed through the
game API, the shop purchase is confirmed in the browser, and a
``manage.py run_deliveries`` process hands the bread out through an RCON
server on 127.0.0.1 that speaks the real protocol.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
import uuid

import pytest

from tests.browser.conftest import ask, screenshot, wait_finished
from tests.browser.server import ROOT
from tests.fakes.rcon_server import Game, RconServer

pytestmark = pytest.mark.browser

MINECRAFT_NAME = "AliceCrafts"
# A loaded machine starts a Django process slowly.
DELIVERY_TIMEOUT_S = 60
TOKEN_SCRIPT = "from agentweb.gameserver.auth import new_token; print('KEY=' + new_token('t')[1])"


def _game_token(server) -> str:
    return server.shell(TOKEN_SCRIPT).split("KEY=", 1)[1].strip()


def _redeem(server, key: str, code: str) -> dict:
    body = {"code": code, "uuid": str(uuid.uuid4()), "name": MINECRAFT_NAME}
    request = urllib.request.Request(
        f"{server.url}/api/game/link",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {key}"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def _until_delivered(server, deliverer, log) -> None:
    sql = "SELECT state FROM game_delivery WHERE reason LIKE 'purchase:%' ORDER BY id DESC LIMIT 1"
    deadline = time.monotonic() + DELIVERY_TIMEOUT_S
    while server.query(sql)[0][0] != "delivered":
        assert deliverer.poll() is None, log.read_text()
        assert time.monotonic() < deadline, f"still {server.query(sql)[0][0]}: {log.read_text()}"
        time.sleep(0.2)


def test_a_purchase_card_changes_to_delivered_in_game(alice_page, server, tmp_path):
    page = alice_page
    page.click("#game-link-box summary")
    page.click("#btn-link-code")
    code = page.locator("#link-code").inner_text().rsplit(" ", 1)[1]
    assert _redeem(server, _game_token(server), code)["linked"] is True
    page.reload()
    page.click("#game-link-box summary")
    page.wait_for_selector("#btn-unlink")
    assert MINECRAFT_NAME in page.locator(".game-link-panel").inner_text()

    turn = ask(page, "buy 2 bread")
    turn.locator(".confirm-approve").click()
    assert wait_finished(turn) == "completed"
    status = turn.locator(".card-purchase .delivery-status")
    status.wait_for()
    assert status.inner_text() == "waiting for the game server"

    game = Game(online={MINECRAFT_NAME})
    rcon = RconServer(game).start()
    log = (tmp_path / "deliverer.log").open("wb")
    deliverer = subprocess.Popen(
        [sys.executable, "manage.py", "run_deliveries", "--name", "browser-test"],
        cwd=ROOT,
        env={
            **server.env,
            "AGENTWEB_RCON_HOST": "127.0.0.1",
            "AGENTWEB_RCON_PORT": str(rcon.port),
            "AGENTWEB_RCON_PASSWORD": game.password,
        },
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        _until_delivered(server, deliverer, tmp_path / "deliverer.log")
        assert game.given == [(MINECRAFT_NAME, "minecraft:bread", 2)]
        page.wait_for_function(
            "el => el.dataset.state === 'delivered'", arg=status.element_handle(), timeout=30_000
        )
        assert status.inner_text() == "delivered in game"
        screenshot(page, "chat-purchase-delivered")

        # Undo cannot take back what is in the inventory, and the card says so.
        page.click("#btn-undo")
        page.wait_for_function(
            "el => el.closest('.turn').classList.contains('undone')", arg=status.element_handle()
        )
        page.wait_for_function(
            "el => el.textContent.includes('undo could not take it back')",
            arg=status.element_handle(),
        )
        assert status.inner_text() == "delivered in game — undo could not take it back"
        assert game.given == [(MINECRAFT_NAME, "minecraft:bread", 2)]
    finally:
        deliverer.terminate()
        deliverer.wait(10)
        rcon.stop()
