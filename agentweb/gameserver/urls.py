"""``/api/game/…``: the game API for a server plugin (docs/game-server.md)."""

from django.urls import path

from agentweb.gameserver import api

app_name = "game_api"

urlpatterns = [
    path("link", api.link, name="link"),
    path("deliveries", api.deliveries, name="deliveries"),
    path("deliveries/<id:delivery_id>/result", api.delivery_result, name="delivery_result"),
    path("players/<str:uuid>", api.player_state, name="player"),
    path("chat", api.chat_message, name="chat"),
    path("chat/<id:chat_id>", api.chat_reply, name="chat_reply"),
]
