"""Database connections of an HTTP request end with the request.

Django serves each HTTP request in a thread of its own (its ASGI handler's
``ThreadSensitiveContext``), and SQLite's connections are kept open
(``CONN_MAX_AGE=None``) for the one database thread of the event loop
(``lib/db_lane``). A request's connection was therefore never closed: its
file handles and page cache stayed until the collector found the connection
object, which with the collector tuned (``lib/server_process``) was about never
— a few hundred requests, and a few hundred dropped streams, held hundreds of
handles and a hundred megabytes. ``request_finished`` now closes them; the
database thread's own connection stays open.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import SyncToAsync
from django.db import connections


def close_request_connections(**_: Any) -> None:
    """``request_finished`` receiver: close this thread's connections (not the database
    thread's; not inside a transaction, as a test's)."""
    lane = SyncToAsync.single_thread_executor
    if getattr(lane, "runs_here", lambda: False)():
        return
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close()
