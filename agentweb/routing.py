"""Websocket routes of every app, gathered in one list for ``asgi.py``."""

from django.urls import path

from agentweb.assistant.ws.consumer import WS_PATH, AssistantConsumer

websocket_urlpatterns = [
    path(WS_PATH.lstrip("/"), AssistantConsumer.as_asgi()),
]
