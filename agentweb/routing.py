"""Websocket routes of every app, gathered in one list for ``asgi.py``."""

from django.urls import path

from agentweb.assistant.ws.consumer import AssistantConsumer

websocket_urlpatterns = [
    path("ws/assistant/", AssistantConsumer.as_asgi()),
]
