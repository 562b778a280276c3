from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
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

# Under /api/ every error is JSON, a locked database a 503 (core/error_views.py).
handler400 = "agentweb.core.error_views.bad_request"
handler403 = "agentweb.core.error_views.permission_denied"
handler404 = "agentweb.core.error_views.page_not_found"
handler500 = "agentweb.core.error_views.server_error"
