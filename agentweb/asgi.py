"""ASGI entry point: HTTP through Django, websockets through Channels.

Websockets pass the origin check (``lib.origins``: scheme, host and port) and the
session auth (Channels' ``AuthMiddlewareStack``, with a session middleware that does
not wrap every frame sent: ``lib.websocket_session``) before any consumer sees them.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "agentweb.settings")
# Django must be set up before anything imports models (the routing does).
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddleware  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler  # noqa: E402

from agentweb.lib.origins import SameOriginValidator  # noqa: E402
from agentweb.lib.websocket_session import websocket_session_stack  # noqa: E402
from agentweb.routing import websocket_urlpatterns  # noqa: E402

# The embedded setup serves /static/ itself; a deployment puts a web server in front.
http_app = (
    ASGIStaticFilesHandler(django_asgi_app) if settings.AGENTWEB_SERVE_STATIC else django_asgi_app
)

application = ProtocolTypeRouter(
    {
        "http": http_app,
        "websocket": SameOriginValidator(
            websocket_session_stack(AuthMiddleware(URLRouter(websocket_urlpatterns)))
        ),
    }
)
