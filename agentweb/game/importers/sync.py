"""Make a set of rows in the database equal a computed set, touching only what differs.

Both importers compute the full wanted state first and then call
:func:`sync_rows` per model. Comparing before writing is what makes a
re-import idempotent (same primary keys, nothing rewritten) and lets the
commands print honest created/updated/deleted counts. A change bumps the game
data's version (:mod:`agentweb.game.versions`): bulk writes send no signals.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import models

from agentweb.game import versions
from agentweb.game.importers.bulk import insert_rows

# SQLite allows 999 variables per statement in old builds; stay well below it.
BATCH_SIZE = 200


@dataclass
class SyncCounts:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    deleted: int = 0

    @property
    def total(self) -> int:
        return self.created + self.updated + self.unchanged

    @property
    def changed(self) -> bool:
        return bool(self.created or self.updated or self.deleted)

    def __str__(self) -> str:
        return (
            f"{self.total} ({self.created} created, {self.updated} updated, {self.deleted} deleted)"
        )


def sync_rows(
    model: type[models.Model],
    existing: models.QuerySet,
    key_fields: Sequence[str],
    rows: Iterable[dict[str, Any]],
    *,
    delete_missing: bool = True,
) -> tuple[SyncCounts, dict[tuple, int]]:
    """Create, update and delete rows of ``model`` so that ``existing`` equals ``rows``.

    ``rows`` are dicts of field attnames (``quest_id`` for a foreign key);
    ``key_fields`` identify a row. Returns the counts and a map from key to
    primary key for every wanted row.
    """
    current = {tuple(getattr(obj, f) for f in key_fields): obj for obj in existing}
    counts = SyncCounts()
    to_create: list[dict[str, Any]] = []
    to_update: list[models.Model] = []
    update_fields: set[str] = set()
    wanted_keys: list[tuple] = []
    for row in rows:
        key = tuple(row[f] for f in key_fields)
        wanted_keys.append(key)
        obj = current.get(key)
        if obj is None:
            to_create.append(row)
            continue
        changed = [f for f, value in row.items() if getattr(obj, f) != value]
        if changed:
            for field in changed:
                setattr(obj, field, row[field])
            update_fields.update(changed)
            to_update.append(obj)
        else:
            counts.unchanged += 1
    wanted = set(wanted_keys)
    if delete_missing:
        stale = [obj.pk for key, obj in current.items() if key not in wanted]
        for start in range(0, len(stale), BATCH_SIZE):
            model.objects.filter(pk__in=stale[start : start + BATCH_SIZE]).delete()
        counts.deleted = len(stale)
    if to_update:
        model.objects.bulk_update(to_update, sorted(update_fields), batch_size=BATCH_SIZE)
    counts.updated = len(to_update)
    if to_create:
        insert_rows(model, to_create)
    counts.created = len(to_create)
    pks = {key: obj.pk for key, obj in current.items() if key in wanted}
    if to_create:
        pks.update(_read_keys(existing, key_fields, to_create))
    if counts.changed:
        versions.bump()
    return counts, pks


def _read_keys(
    existing: models.QuerySet, key_fields: Sequence[str], created: list[dict[str, Any]]
) -> dict[tuple, int]:
    """The primary keys of rows just inserted, read back by their key fields (within the
    rows being synced: a chapter id repeats across books)."""
    first = key_fields[0]
    values = {row[first] for row in created}
    found: dict[tuple, int] = {}
    if len(values) > BATCH_SIZE * 10:  # most of the rows: one read beats many
        wanted = {tuple(row[f] for f in key_fields) for row in created}
        for row in existing.values_list("pk", *key_fields):
            if tuple(row[1:]) in wanted:
                found[tuple(row[1:])] = row[0]
        return found
    value_list = sorted(values, key=str)
    for start in range(0, len(value_list), BATCH_SIZE):
        chunk = value_list[start : start + BATCH_SIZE]
        rows = existing.filter(**{f"{first}__in": chunk}).values_list("pk", *key_fields)
        for row in rows:
            found[tuple(row[1:])] = row[0]
    return found


def sync_links(
    through: type[models.Model],
    existing: models.QuerySet,
    from_field: str,
    to_field: str,
    pairs: set[tuple[int, int]],
) -> SyncCounts:
    """Make the rows of an M2M ``through`` table in ``existing`` equal ``pairs``."""
    current = {(getattr(row, from_field), getattr(row, to_field)): row.pk for row in existing}
    stale = [pk for pair, pk in current.items() if pair not in pairs]
    new = [through(**{from_field: a, to_field: b}) for a, b in sorted(pairs - current.keys())]
    for start in range(0, len(stale), BATCH_SIZE):
        through.objects.filter(pk__in=stale[start : start + BATCH_SIZE]).delete()
    through.objects.bulk_create(new, batch_size=BATCH_SIZE)
    if new or stale:
        versions.bump()
    return SyncCounts(created=len(new), deleted=len(stale), unchanged=len(current) - len(stale))
