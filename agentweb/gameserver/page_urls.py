"""The chat page's game parts, mounted at ``/game/``."""

from django.urls import path

from agentweb.gameserver import pages

app_name = "game_pages"

urlpatterns = [
    path("link", pages.link_panel, name="link"),
    path("link/code", pages.link_code, name="link_code"),
    path("unlink", pages.unlink, name="unlink"),
    path("deliveries", pages.delivery_status, name="deliveries"),
]
