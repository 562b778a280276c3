"""Settling model calls: the ledger rows, token charges, refunds and slot releases
of every call that ended at about the same time, in one thread hop and one
transaction — on PostgreSQL one statement (R-BILL-1, R-QUOTA-1).

A call's guard hands its settlement to its event loop's writer and waits for
it to be written, so nothing is deferred past the call: the player's next call
sees the tokens charged, and a call's ledger row exists when it returns. The
writer writes one group at a time; the calls that end while a group is being
written form the next one (group commit). With one call at a time a group is
one call: the same statements as settling alone.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from typing import Any

from asgiref.sync import sync_to_async
from django.db import connection, transaction

from agentweb.control import quotas, slots
from agentweb.lib import dialect
from agentweb.lib.group_commit import GroupCommit
from agentweb.lib.per_loop import PerLoop

logger = logging.getLogger("agentweb.control")

# The most calls written in one group (a multi-row INSERT has a bounded number
# of parameters).
MAX_GROUP = 200


@dataclass(frozen=True, slots=True)
class Settlement:
    """What one call leaves to write: ``usage`` is its ledger row, ``None`` if it was
    never made (its quota reservation is then refunded)."""

    user_id: int
    day: date
    slot: slots.Slot | None
    usage: dict[str, Any] | None


async def _write(items: list[Settlement]) -> list[Exception | None]:
    return await sync_to_async(write)(items)


# One per event loop: the settlements of the calls that end together, written as a group.
_writers: PerLoop[GroupCommit[Settlement, None]] = PerLoop(
    lambda: GroupCommit(_write, max_weight=MAX_GROUP, name="settlement-writer")
)


async def settle(item: Settlement) -> None:
    """Write one call's settlement with the others that end now; returns once written.

    Shielded: a call cancelled meanwhile stops waiting, its group is written all the same."""
    await asyncio.shield(_writers.get().submit(item))


def write(items: list[Settlement]) -> list[Exception | None]:
    """Settle a group in one transaction; if that fails, each call on its own, so one
    bad row never costs the others theirs. Returns each call's error, or ``None``."""
    try:
        _write_group(items)
        return [None] * len(items)
    except Exception as exc:
        if len(items) == 1:
            try:  # the bill failed: the slot still comes back now, not at its expiry
                _release_slots(items)
            except Exception:
                logger.exception("releasing the slot of a model call that was not settled")
            return [exc]
        logger.exception("settling %d model calls together failed; one by one", len(items))
    return [write([item])[0] for item in items]


def _write_group(items: list[Settlement]) -> None:
    tokens: dict[quotas.Day, int] = defaultdict(int)
    refunds: dict[quotas.Day, int] = defaultdict(int)
    for item in items:
        if item.usage is None:
            refunds[item.user_id, item.day] += 1
        else:
            tokens[item.user_id, item.day] += item.usage["tokens_in"]
            tokens[item.user_id, item.day] += item.usage["tokens_out"]
    usages = [item.usage for item in items if item.usage is not None]
    if dialect.writes_combine():
        _write_at_once(items, refunds, tokens, usages)
        return
    with transaction.atomic():
        _release_slots(items)
        quotas.refund_many(refunds)
        quotas.add_tokens_many(tokens)
        quotas.record_usages(usages)


def _write_at_once(
    items: list[Settlement],
    refunds: dict[quotas.Day, int],
    tokens: dict[quotas.Day, int],
    usages: list[dict[str, Any]],
) -> None:
    """PostgreSQL: the group's slots, refunds, charges and ledger rows in one statement
    (data-modifying CTEs), so no transaction is opened: it all happens or none of it."""
    taken = [item.slot for item in items if item.slot is not None]
    parts = {
        "freed": slots.release_statement(taken) if taken else None,
        "ledger": quotas.ledger_statement(usages) if usages else None,
        "days": quotas.settle_days_statement(refunds, tokens),
    }
    ctes, params = [], []
    for name, part in parts.items():
        if part is not None:
            returning = "" if name == "days" else " RETURNING 1"
            ctes.append(f"{name} AS ({part[0]}{returning})")
            params += part[1]
    if not ctes:
        return
    found = "SELECT user_id, day FROM days" if parts["days"] else "SELECT NULL, NULL WHERE false"
    with quotas.own_failure(), connection.cursor() as cursor:
        cursor.execute(f"WITH {', '.join(ctes)} {found}", params)
        charged = {quotas.day_key(user_id, day) for user_id, day in cursor.fetchall()}
    quotas.charge_missing_days({key: n for key, n in tokens.items() if n > 0}, charged)


def _release_slots(items: list[Settlement]) -> None:
    slots.release_model_slots([item.slot for item in items if item.slot is not None])
