"""A game-server token acts on /api/game/ only: no web user, no traces; and only it works there."""

from __future__ import annotations

import pytest

from agentweb.assistant.api.auth import new_token as new_user_token
from agentweb.assistant.models import Run
from agentweb.gameserver.models import GameServerToken
from tests.gameserver.conftest import GameApi, error_code

pytestmark = pytest.mark.django_db


def test_a_game_token_cannot_act_as_a_web_user(api, alice):
    run = Run.objects.create(user=alice, question="secret question")
    for url in (f"/api/runs/{run.pk}", f"/api/runs/{run.pk}/events", f"/api/runs/{run.pk}/export"):
        assert api.get(url).status_code == 401, url
    assert api.post("/api/runs", {"text": "hi"}).status_code == 401
    assert Run.objects.count() == 1


def test_a_game_token_cannot_read_traces(api, alice):
    run = Run.objects.create(user=alice, question="secret question")
    response = api.get(f"/traces/{run.pk}/")
    assert response.status_code in (302, 401, 403, 404)
    assert b"secret question" not in response.content


def test_a_players_api_token_cannot_use_the_game_api(alice):
    player = GameApi(new_user_token(alice, "script")[1])
    response = player.get("/api/game/deliveries")
    assert (response.status_code, error_code(response)) == (401, "bad_token")


def test_a_logged_in_session_cannot_use_the_game_api(client, alice):
    client.force_login(alice)
    response = client.get("/api/game/deliveries")
    assert (response.status_code, error_code(response)) == (401, "token_required")


def test_a_revoked_token_is_refused(api):
    GameServerToken.objects.update(revoked=True)
    response = api.get("/api/game/deliveries")
    assert (response.status_code, error_code(response)) == (401, "bad_token")


def test_the_wrong_method_is_a_json_error(api):
    response = api.post("/api/game/deliveries", {})
    assert (response.status_code, error_code(response)) == (405, "bad_method")
    assert response["Allow"] == "GET"


def test_only_a_hash_of_the_key_is_stored(game_token):
    token = GameServerToken.objects.get()
    assert game_token not in token.key_hash
    assert game_token.startswith(token.prefix)
