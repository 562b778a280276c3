from django.contrib import admin
from django.urls import include, path

from agentweb.core.landing import LandingLoginView

urlpatterns = [
    path("admin/", admin.site.urls),
    # Django's login view, landing by role (admins, reviewers, players).
    path("accounts/login/", LandingLoginView.as_view(), name="login"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/game/", include("agentweb.gameserver.urls")),
    path("api/", include("agentweb.assistant.api.urls")),
    path("api/", include("agentweb.traces.api_urls")),
    path("traces/", include("agentweb.traces.urls")),
    path("game/", include("agentweb.gameserver.page_urls")),
    # The chat page owns "/"; core serves /healthz.
    path("", include("agentweb.assistant.page.urls")),
    path("", include("agentweb.core.urls")),
]
