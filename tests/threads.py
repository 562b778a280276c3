"""Calls in threads started together, each with its own database connection, as concurrent
requests or processes would.

The test database is SQLite's shared-cache in-memory database, which reports
"table is locked" at once instead of waiting like the file database does
(busy timeout). Such a statement changed nothing, so the thread tries again:
what a test measures is that the outcome holds whatever the interleaving.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from typing import Any

from django.db import OperationalError, connection

# Like a file database's busy timeout: how long a thread keeps retrying a locked table.
LOCKED_TIMEOUT_S = 30.0


def retry_while_locked(target: Callable[[], Any]) -> Any:
    give_up_at = time.monotonic() + LOCKED_TIMEOUT_S
    while time.monotonic() < give_up_at:
        try:
            return target()
        except OperationalError as exc:
            if "locked" not in str(exc):
                raise
            time.sleep(random.uniform(0.001, 0.01))
    raise AssertionError("the table stayed locked")


def in_threads(count: int, target: Callable[[], Any]) -> list[Any]:
    """``target()`` in ``count`` threads released at once: what each returned."""
    results: list[Any] = []
    errors: list[BaseException] = []
    start = threading.Barrier(count)

    def worker() -> None:
        try:
            start.wait()
            results.append(retry_while_locked(target))
        except BaseException as exc:  # reported below, not swallowed
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    return results
