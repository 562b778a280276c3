"""Error answers for what no view answered itself: JSON under ``/api/``, pages elsewhere.

A URL that matches no route, a refused CSRF check on a session call or an
exception that escaped a view reach Django's error handlers, whose pages are
HTML. A program calling the API reads ``{"error": {"code", "message"}}``
there too. A database that stays locked longer than the connection waits
(SQLite, while another process holds the write lock) is ``503 busy`` with
``Retry-After``, not a server error: in a view, ``@reads`` answers it; here,
where the exception is still at hand (a middleware's query, a sync view).
"""

from __future__ import annotations

import sys

from django.http import HttpRequest, HttpResponse
from django.views import defaults

from agentweb.lib.inputs.http import BUSY, RETRY_AFTER_S, error_response, locked

API_PREFIX = "/api/"


def _api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _api(request):
        return error_response(400, "bad_request", "The request is malformed.")
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _api(request):
        return error_response(403, "forbidden", "You may not do this.")
    return defaults.permission_denied(request, exception)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _api(request):
        return error_response(404, "not_found", "There is no such API endpoint or object.")
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    exception = sys.exc_info()[1]
    if locked(exception):
        response = (
            error_response(503, "busy", BUSY)
            if _api(request)
            else HttpResponse(BUSY, status=503, content_type="text/plain")
        )
        response["Retry-After"] = str(RETRY_AFTER_S)
        return response
    if _api(request):
        return error_response(500, "server_error", "Something went wrong on the server.")
    return defaults.server_error(request)
