"""What a submit reads of the player, under her lock (``inbox.lock_player``): her memory
switches, her active run, messages left behind an ended run, a resend — in one statement;
on PostgreSQL, for the usual message, with the INSERT of the run it starts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from agentweb.assistant.models import (
    ACTIVE_STATUSES,
    InboxEntry,
    InboxStatus,
    MemoryState,
    Run,
    rows,
    run_status,
)
from agentweb.lib import dialect


@dataclass(frozen=True, slots=True)
class PlayerNow:
    """What a submit needs to know of the player, read in one query under the player's lock."""

    generation: int
    assistant_enabled: bool
    # The player's active run, if any.
    active_run: int | None
    # A run that has ended with messages still queued behind it, not yet promoted.
    waiting_behind: int | None
    # With a client message id: the run, or the inbox entry's run and the run it
    # started as, that the same message already became (a resend).
    earlier_run: int | None = None
    earlier_entry: tuple[int, int | None] | None = None


def player_now(user_id: int, client_msg_id: str = "") -> PlayerNow:
    """Under the player's lock: memory switches, the active run, messages left behind.

    Between a run's end and the promotion of its inbox, a new message finds no
    active run; it must still wait behind the earlier ones, not overtake them
    (and not run beside them): ``waiting_behind`` names the ended run to
    promote first (``promote_locked``). Whoever comes first promotes; the
    other finds nothing left to promote.

    On PostgreSQL the active run is locked too (its end waits for this
    submit, so a message queued behind it is always promoted by its end).
    """
    earlier = [user_id, client_msg_id] * 3 if client_msg_id else []
    with connection.cursor() as cursor:
        cursor.execute(_player_query(bool(client_msg_id)), [*earlier, user_id, user_id, user_id])
        found = cursor.fetchone()
    if found is None:
        raise get_user_model().DoesNotExist(f"no player {user_id}")
    return _player_from(user_id, client_msg_id, found)


def _player_from(user_id: int, client_msg_id: str, found: tuple) -> PlayerNow:
    """``player_now`` from its statement's row: her memory state started if she has none,
    her active run locked (PostgreSQL)."""
    earlier_run, entry_run, entry_started, generation, enabled, active, behind = found
    if generation is None:
        # Her first message: her memory state starts now (or was just started elsewhere).
        at = connection.ops.adapt_datetimefield_value(timezone.now())
        with connection.cursor() as cursor:
            cursor.execute(_new_state_query(), [user_id, at])
            created = cursor.fetchone()
        if created is None:
            return player_now(user_id, client_msg_id)
        generation, enabled = created
    entry = (entry_run, entry_started) if entry_run is not None else None
    now = PlayerNow(generation, bool(enabled), active, behind, earlier_run, entry)
    if now.active_run is None:
        return now
    if dialect.lock_rows(Run.objects.filter(pk=now.active_run, status__in=ACTIVE_STATUSES)):
        return now
    # It ended between the read and the lock: read again (no run of hers can start meanwhile).
    return player_now(user_id, client_msg_id)


def _player_query(by_client_id: bool) -> str:
    """``player_now``'s one statement. Parameters: with ``by_client_id`` the player's id
    and the client message id three times; then the player's id three times."""
    run, entries, col = rows.table(Run), rows.table(InboxEntry), rows.quote
    active = ", ".join(f"'{status.value}'" for status in ACTIVE_STATUSES)
    earlier = "NULL AS earlier_run, NULL AS entry_run, NULL AS entry_started, "
    if by_client_id:
        mine = f"{col('user_id')} = %s AND {col('client_msg_id')} = %s"
        earlier = (
            f"(SELECT {col('id')} FROM {run} WHERE {mine}) AS earlier_run, "
            f"(SELECT {col('run_id')} FROM {entries} WHERE {mine}) AS entry_run, "
            f"(SELECT {col('started_run_id')} FROM {entries} WHERE {mine}) AS entry_started, "
        )
    return (
        f"SELECT {earlier}m.{col('generation')} AS generation, "
        f"m.{col('assistant_enabled')} AS enabled, "
        f"(SELECT r.{col('id')} FROM {run} r WHERE r.{col('user_id')} = %s "
        f"AND r.{col('status')} IN ({active}) ORDER BY r.{col('id')} DESC LIMIT 1) AS active, "
        f"(SELECT i.{col('run_id')} FROM {rows.table(InboxEntry)} i "
        f"INNER JOIN {run} b ON b.{col('id')} = i.{col('run_id')} "
        f"WHERE i.{col('user_id')} = %s AND i.{col('status')} = '{InboxStatus.QUEUED.value}' "
        f"AND b.{col('status')} NOT IN ({active}) ORDER BY i.{col('id')} LIMIT 1) AS behind "
        f"FROM {rows.table(get_user_model())} u LEFT JOIN {rows.table(MemoryState)} m "
        f"ON m.{col('user_id')} = u.{col(get_user_model()._meta.pk.column)} "
        f"WHERE u.{col(get_user_model()._meta.pk.column)} = %s"
    )


def player_now_starting(
    user_id: int, client_msg_id: str, run: dict[str, Any]
) -> tuple[PlayerNow, int | None]:
    """PostgreSQL, under the player's lock: ``player_now`` and, when the message starts a
    run at once, that run (its id) — in one statement, the usual submit.

    The run is inserted only when ``player_now`` would lead to it: the message is not a
    resend, the assistant is on, her memory state exists (its generation is the run's),
    no run of hers is active and none waits to be promoted. Otherwise nothing is
    written and the caller goes on from the player as read (``None``). The read is a
    statement after the lock's, so its snapshot sees every submit before this one.
    """
    values = run_status.new_run_values({**run, "user_id": user_id, "memory_generation": 0})
    columns = [
        (f.attname, rows.quote(f.column), f.cast_db_type(connection))
        for f in run_status.inserted_fields()
    ]
    picked = [
        "p.generation" if name == "memory_generation" else f"%s::{cast}"
        for name, _column, cast in columns
    ]
    params = [
        v for (name, _c, _t), v in zip(columns, values, strict=True) if name != "memory_generation"
    ]
    starts = (
        "p.earlier_run IS NULL AND p.entry_run IS NULL AND p.generation IS NOT NULL "
        "AND p.enabled AND p.active IS NULL AND p.behind IS NULL"
    )
    sql = (
        f"WITH p AS MATERIALIZED ({_player_query(bool(client_msg_id))}), "
        f"started AS (INSERT INTO {rows.table(Run)} ({', '.join(c for _n, c, _t in columns)}) "
        f"SELECT {', '.join(picked)} FROM p WHERE {starts} RETURNING {rows.quote('id')}) "
        f"SELECT p.earlier_run, p.entry_run, p.entry_started, p.generation, p.enabled, "
        f"p.active, p.behind, (SELECT {rows.quote('id')} FROM started) FROM p"
    )
    earlier = [user_id, client_msg_id] * 3 if client_msg_id else []
    with connection.cursor() as cursor:
        cursor.execute(sql, [*earlier, user_id, user_id, user_id, *params])
        found = cursor.fetchone()
    if found is None:
        raise get_user_model().DoesNotExist(f"no player {user_id}")
    if found[-1] is not None:
        return PlayerNow(found[3], True, None, None), found[-1]
    return _player_from(user_id, client_msg_id, found[:-1]), None


def _new_state_query() -> str:
    state, col = rows.table(MemoryState), rows.quote
    return (
        f"INSERT INTO {state} ({col('user_id')}, {col('generation')}, "
        f"{col('assistant_enabled')}, {col('updated_at')}) VALUES (%s, 0, TRUE, %s) "
        f"ON CONFLICT DO NOTHING RETURNING {col('generation')}, {col('assistant_enabled')}"
    )
