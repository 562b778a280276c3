"""Websocket routes of every app, gathered in one list for ``asgi.py``."""

from django.urls import URLPattern

websocket_urlpatterns: list[URLPattern] = []
