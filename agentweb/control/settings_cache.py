"""This process's copy of the ``AssistantSettings`` row, told rather than polled.

Every run starts by reading the admin's switches and the config versions;
with the copy that costs no statement while nothing changed. A change saved
in this process clears the copy at once and again when its transaction
commits (``changed``), and ``switches_changed`` is sent on commit: the apps
that run loops relay it to their other processes, which clear theirs on the
message (``clear``). Without that message (the channel layer down) a copy is
re-read once it is ``FALLBACK_REFRESH_S`` old, which bounds how late another
process's next run sees the change. Increments made in the database
(``bump_config_version``, ``bump_files_version``) go through ``changed`` too.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from django.db import transaction
from django.dispatch import Signal

from agentweb.control.models import AssistantSettings

FALLBACK_REFRESH_S = 2.0

# Sent once a change of the settings row (switches, limits or config versions) is
# committed; the run-executing app relays it to its other processes.
switches_changed = Signal()


class _Copy:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.row: AssistantSettings | None = None
        self.read_at = float("-inf")
        # Counts the clears: a read that raced with one is not kept.
        self.generation = 0


_copy = _Copy()


def current() -> AssistantSettings:
    """The settings row as this process last read it: at most ``FALLBACK_REFRESH_S`` old,
    and never older than a change this process has been told of. Shared: read it only."""
    with _copy.lock:
        row, read_at, generation = _copy.row, _copy.read_at, _copy.generation
    if row is not None and time.monotonic() - read_at < FALLBACK_REFRESH_S:
        return row
    row = AssistantSettings.load()
    with _copy.lock:
        if _copy.generation == generation:
            _copy.row, _copy.read_at = row, time.monotonic()
    return row


def clear(**_: Any) -> None:
    """Forget the copy: the next reader reads the row (a change here or elsewhere)."""
    with _copy.lock:
        _copy.row, _copy.read_at = None, float("-inf")
        _copy.generation += 1


def changed() -> None:
    """The row changed in the current transaction: clear the copy now (this thread reads
    its own change) and on commit (other threads read the committed row), and tell the
    other processes on commit."""
    clear()
    transaction.on_commit(_committed)


def _committed() -> None:
    clear()
    switches_changed.send(sender=AssistantSettings)
