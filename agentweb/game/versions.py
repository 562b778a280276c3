"""Game data kept in memory until it changes, in every process.

The game world (items, their sources, quest books, articles) changes only when an
importer runs or an admin edits it, but tools read it on every call. Each write
changes the stamp of one row (:class:`~agentweb.game.models.DataVersion`) in the
same transaction as the data: the admin's saves and deletes through the signals
connected here, the importers through :func:`bump` (``sync_rows`` calls it for
every model it changes). A cache here keeps what it built with the stamp it read
first, and rebuilds when the stamp differs: one indexed read per lookup — or one
per tool call, under :func:`pinned` — instead of the queries it replaces, and an
import in another process is seen by the next call of this one. A run reads the
stamp once, with what it starts with (:func:`stamp_query`), and holds it for all
its tool calls (:func:`held`): it sees the data as of its start, and the next run
sees an import.

Writes that bypass both (``QuerySet.update`` or ``bulk_create`` by hand) must call
:func:`bump` themselves. Without the row (a database flushed by a test) nothing is
cached: every lookup builds afresh until the next write creates it again.
"""

from __future__ import annotations

import functools
import gc
import threading
import time
import uuid
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Generic, TypeVar

from asgiref.sync import sync_to_async
from django.db import connection
from django.db.models.signals import m2m_changed, post_delete, post_save

from agentweb.game.models import (
    Chapter,
    ChapterGroup,
    DataVersion,
    GameName,
    Item,
    ItemSource,
    KnowledgeArticle,
    Quest,
    QuestBook,
    Reward,
    RewardTable,
    RewardTableEntry,
    Task,
)
from agentweb.game.models.versions import ROW

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
# The models whose rows the caches are built from.
GAME_DATA = (
    Item,
    ItemSource,
    QuestBook,
    ChapterGroup,
    Chapter,
    Quest,
    Task,
    Reward,
    RewardTable,
    RewardTableEntry,
    KnowledgeArticle,
    GameName,
)
# Entries a keyed cache holds before it starts over (bounds its memory).
MAX_ENTRIES = 4096

_pins = threading.local()
_UNPINNED: Any = object()
# The stamp a run read when it started: its tool calls (in any thread) use it.
_held: ContextVar[Any] = ContextVar("game_data_stamp", default=_UNPINNED)
# When this process last read (or wrote) each recent stamp. A run that started before
# an import still holds the older one: what it builds is not kept over what the newer
# runs built, or the two would rebuild the caches in turn until it ends.
_last_read: dict[str, float] = {}
RECENT_STAMPS = 64


def current() -> str | None:
    """The data's stamp now (``None`` without the row): the pinned one, else one read."""
    pinned_stamp = getattr(_pins, "stamp", _UNPINNED)
    if pinned_stamp is not _UNPINNED:
        return pinned_stamp
    return _read()


def stamp_query() -> str:
    """The stamp as a scalar subquery, for a statement that reads it with other things."""
    qn = connection.ops.quote_name
    table = qn(DataVersion._meta.db_table)
    return f"(SELECT {qn('stamp')} FROM {table} WHERE {qn('id')} = {int(ROW)})"


def _read() -> str | None:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {stamp_query()}")
        row = cursor.fetchone()
    return _noted(row[0] if row else None)


def _noted(stamp: str | None) -> str | None:
    """``stamp`` was just read from the database (or written there)."""
    if stamp is not None:
        _last_read.pop(stamp, None)
        _last_read[stamp] = time.monotonic()
        while len(_last_read) > RECENT_STAMPS:
            del _last_read[next(iter(_last_read))]
    return stamp


def _older(stamp: str | None, than: str | None) -> bool:
    """``stamp`` was last read before ``than``: ``than`` is the data now, as far as known."""
    if stamp is None or than is None or stamp not in _last_read or than not in _last_read:
        return False
    return _last_read[stamp] < _last_read[than]


@contextmanager
def held(stamp: str | None) -> Iterator[None]:
    """Everything inside reads the data as of ``stamp`` (read by the caller, e.g. with a
    run's start): no stamp read per tool call. Pins inside share it."""
    token = _held.set(_noted(stamp))
    try:
        yield
    finally:
        _held.reset(token)


@contextmanager
def pinned() -> Iterator[None]:
    """Read the stamp once for everything inside (one tool call), unless one is held;
    nested pins share it."""
    if getattr(_pins, "stamp", _UNPINNED) is not _UNPINNED:
        yield
        return
    stamp = _held.get()
    _pins.stamp = _read() if stamp is _UNPINNED else stamp
    try:
        yield
    finally:
        del _pins.stamp


async def read_pinned(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run ORM code from an async caller, in the thread Django expects, the stamp read once
    for the whole call (:func:`pinned`)."""
    return await sync_to_async(_in_pin(fn), thread_sensitive=True)(*args, **kwargs)


def _in_pin(fn: Callable[..., T]) -> Callable[..., T]:
    @functools.wraps(fn)
    def call(*args: Any, **kwargs: Any) -> T:
        with pinned():
            return fn(*args, **kwargs)

    return call


def bump() -> None:
    """The game data changed: every cache built before is stale, in every process.

    Call it inside the transaction that writes, after the write."""
    stamp = _noted(uuid.uuid4().hex)
    if not DataVersion.objects.filter(pk=ROW).update(stamp=stamp):
        DataVersion.objects.update_or_create(pk=ROW, defaults={"stamp": stamp})
    if getattr(_pins, "stamp", _UNPINNED) is not _UNPINNED:
        _pins.stamp = stamp
    if _held.get() is not _UNPINNED:
        _held.set(stamp)


class Versioned(Generic[T]):
    """One value built from the game data, rebuilt when the data changes."""

    def __init__(self, build: Callable[[], T]) -> None:
        self._build = build
        self._lock = threading.Lock()
        self._stamp: str | None = None
        self._value: T | None = None

    def get(self) -> T:
        stamp = current()
        with self._lock:
            if stamp is not None and stamp == self._stamp:
                return self._value  # type: ignore[return-value]
        started = time.monotonic()
        value = self._build()
        if stamp is not None:
            with self._lock:
                kept = not _older(stamp, self._stamp)
                if kept:
                    self._stamp, self._value = stamp, value
            if kept and time.monotonic() - started >= SETTLE_AFTER_S:
                settle()
        return value


# A cache that took this long to build is large (a big pack's items: seconds): what it
# holds is kept out of the garbage collector's full passes (:func:`settle`).
SETTLE_AFTER_S = 0.25


def settle() -> None:
    """A cache of the game data was just built: keep what lives now out of the garbage
    collector's full passes.

    A large pack's caches are hundreds of thousands of objects that live until the data
    changes; every full pass of the collector walks them all (100–300 ms at that size),
    and the lookup that happens to trigger one pays it: the p99 of every lookup. One
    collection now (the garbage goes), then :func:`gc.freeze`: the survivors are left
    out of later passes. They are still freed when the data changes (by reference count:
    the caches hold no cycles). Small caches (a test's data) are not worth a collection."""
    gc.collect()
    gc.freeze()


class FoldedValues:
    """Every value of ``model.field``, case-folded, kept until the data changes: whether
    a text could be exactly one of them (case-insensitively) is answered from memory —
    in a run, as of its stamp, with no statement — and only a text that could be one
    is looked up."""

    def __init__(self, model: type[Any], field: str) -> None:
        self._values = Versioned(
            lambda: frozenset(v.casefold() for v in model.objects.values_list(field, flat=True))
        )

    def could_be(self, text: str) -> bool:
        with pinned():
            return text.casefold() in self._values.get()


class VersionedMap(Generic[K, V]):
    """Values by key, loaded in batches for the keys not yet kept; all dropped when the
    data changes. ``load`` returns the values of the keys it found (others stay missing
    and are asked for again)."""

    def __init__(
        self, load: Callable[[list[K]], dict[K, V]], *, max_entries: int = MAX_ENTRIES
    ) -> None:
        self._load = load
        self._max = max_entries
        self._lock = threading.Lock()
        self._stamp: str | None = None
        self._values: dict[K, V] = {}

    def get_many(self, keys: Iterable[K]) -> dict[K, V]:
        wanted = list(dict.fromkeys(keys))
        stamp = current()
        with self._lock:
            behind = _older(stamp, self._stamp)
            if not behind and (stamp is None or stamp != self._stamp):
                self._stamp, self._values = stamp, {}
            found = {} if behind else {k: self._values[k] for k in wanted if k in self._values}
        if behind:
            return self._load(wanted)  # what newer readers keep stays kept
        missing = [k for k in wanted if k not in found]
        if missing:
            loaded = self._load(missing)
            found.update(loaded)
            if stamp is not None:
                with self._lock:
                    if self._stamp == stamp:
                        if len(self._values) + len(loaded) > self._max:
                            self._values = {}
                        self._values.update(loaded)
        return found

    def get(self, key: K) -> V | None:
        return self.get_many([key]).get(key)


def _changed(sender: Any, raw: bool = False, **kwargs: Any) -> None:
    # Fixtures loaded raw are writes too.
    bump()


def connect() -> None:
    """Called once from ``GameConfig.ready()``: the admin's writes bump the stamp."""
    for model in GAME_DATA:
        uid = f"version-{model.__name__}"
        post_save.connect(_changed, sender=model, dispatch_uid=f"{uid}-save")
        post_delete.connect(_changed, sender=model, dispatch_uid=f"{uid}-delete")
    links = Quest.dependencies.through
    m2m_changed.connect(_dependencies_changed, sender=links, dispatch_uid="version-links")


def _dependencies_changed(sender: Any, action: str, **kwargs: Any) -> None:
    if action.startswith("post_"):
        bump()
