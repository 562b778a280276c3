"""URLs of the player's chat page (HTML), mounted at the site root."""

from django.urls import path

from agentweb.assistant.page import views as pages

app_name = "assistant_pages"

urlpatterns = [
    path("", pages.chat, name="chat"),
    path("history", pages.history, name="history"),
    path("commands/complete", pages.complete, name="complete"),
]
