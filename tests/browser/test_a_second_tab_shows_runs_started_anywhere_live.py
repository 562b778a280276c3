"""Two tabs of one player, real Chromium on real Daphne: a question asked in tab A, one sent
over the API with her token and one typed in game chat each appear in tab B as a new turn
while they run and are answered there live, without a reload. Another player's tab shows
none of them."""

import json
import urllib.request
import uuid

import pytest

from tests.browser.conftest import log_in, new_player, screenshot, wait_finished

pytestmark = pytest.mark.browser

PLAYER = "tabby"
GAME_UUID = uuid.uuid4()
SETUP = f"""
from django.contrib.auth import get_user_model
from agentweb.assistant.api.auth import new_token
from agentweb.game.models import PlayerProfile
from agentweb.gameserver.auth import new_token as new_game_token
from agentweb.gameserver.models import AccountLink
user = get_user_model().objects.get(username={PLAYER!r})
profile = PlayerProfile.objects.create(user=user, minecraft_name="Tabby")
AccountLink.objects.create(profile=profile, uuid={str(GAME_UUID)!r}, linked_by="test")
print("API=" + new_token(user, "script")[1])
print("GAME=" + new_game_token("survival")[1])
"""


def _post(url: str, key: str, body: dict) -> dict:
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def _turn_of(page, run_id: int):
    turn = page.locator(f'#turns > li.turn[data-run-id="{run_id}"]')
    turn.wait_for(timeout=15_000)
    return turn


def test_tab_b_follows_runs_from_tab_a_the_api_and_game_chat(server, new_page):
    new_player(server, PLAYER)
    new_player(server, "stranger")
    out = server.shell(SETUP)
    keys = dict(line.split("=", 1) for line in out.split() if "=" in line)
    tab_a, tab_b, other = new_page(), new_page(), new_page()
    log_in(tab_a, server, PLAYER)
    log_in(tab_b, server, PLAYER)
    log_in(other, server, "stranger")

    tab_a.fill("#message", "/item Furnace")
    tab_a.keyboard.press("Escape")
    tab_a.click("#btn-send")
    sent = tab_a.locator("#turns > li.turn").first
    sent.wait_for()
    tab_a.wait_for_function("el => el.dataset.runId", arg=sent.element_handle())
    from_tab = int(sent.get_attribute("data-run-id"))
    mirrored = _turn_of(tab_b, from_tab)
    assert mirrored.locator(".msg-player .msg-text").inner_text() == "/item Furnace"
    assert wait_finished(mirrored) == "completed"
    assert "Furnace" in mirrored.locator(".answer-text").inner_text()

    by_api = _post(f"{server.url}/api/runs", keys["API"], {"text": "/item Iron Ingot"})["run_id"]
    api_turn = _turn_of(tab_b, by_api)
    assert api_turn.get_attribute("data-origin") == "api"
    assert api_turn.locator(".msg-player .origin").inner_text() == "Sent over the API"
    assert wait_finished(api_turn) == "completed"
    assert "Iron Ingot" in api_turn.locator(".answer-text").inner_text()

    game = {"uuid": str(GAME_UUID), "text": "/item Chest"}
    by_game = _post(f"{server.url}/api/game/chat", keys["GAME"], game)["run_id"]
    game_turn = _turn_of(tab_b, by_game)
    assert game_turn.get_attribute("data-origin") == "game"
    assert wait_finished(game_turn) == "completed"
    assert "Chest" in game_turn.locator(".answer-text").inner_text()
    # Tab A shows the two runs started elsewhere too, each once.
    for run_id in (by_api, by_game):
        assert wait_finished(_turn_of(tab_a, run_id)) == "completed"
    assert tab_a.locator("#turns > li.turn").count() == 3
    assert tab_b.locator("#turns > li.turn").count() == 3
    screenshot(tab_b, "chat-second-tab")

    assert other.locator("#turns > li.turn").count() == 0
    assert other.locator("#traces details.trace").count() == 0
