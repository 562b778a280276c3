"""The server-wide model-call gate: slot rows held by one call each, with an expiry (R-QUOTA-1).

``AGENTWEB_MAX_CONCURRENT_MODEL_CALLS`` (or the admin's override) bounds the
model calls in flight across every process: there are that many
``ModelCallSlot`` rows, and a call takes a free one with one conditional
``UPDATE`` — no lock is held while anyone waits. A slot is taken for the
call's own timeout (plus ``SLOT_GRACE_S``), or for one lease in a worker,
whose heartbeat renews it; so a worker killed mid-call gives its slot back
one lease later, by itself — no restart, no reset by hand.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.db.models import Q
from django.utils import timezone

from agentweb.control.models import ModelCallSlot
from agentweb.control.quotas import model_slot_limit

# Beyond the call's own timeout: the time between the timeout and the release
# (guards, the ledger write) on a loaded machine.
SLOT_GRACE_S = 30.0


@dataclass(frozen=True, slots=True)
class Slot:
    """A slot as taken by one call: what giving it back needs."""

    pk: int
    ticket: str


def _free(now: object) -> Q:
    return Q(expires_at__isnull=True) | Q(expires_at__lte=now)


def _ensure_rows(limit: int) -> None:
    """Slot rows 1…limit exist (the limit may have been raised since)."""
    if ModelCallSlot.objects.filter(number__lte=limit).count() < limit:
        ModelCallSlot.objects.bulk_create(
            [ModelCallSlot(number=n) for n in range(1, limit + 1)], ignore_conflicts=True
        )


def acquire_model_slot(
    *, holder: str = "", run_id: int | None = None, ttl_s: float = SLOT_GRACE_S
) -> Slot | None:
    """Take a free slot for ``ttl_s`` seconds; ``None`` if all are taken."""
    limit = model_slot_limit()
    now = timezone.now()
    offered = ModelCallSlot.objects.filter(number__lte=limit)
    free = list(offered.filter(_free(now)).values_list("pk", flat=True))
    if not free and offered.count() < limit:
        _ensure_rows(limit)
        free = list(offered.filter(_free(now)).values_list("pk", flat=True))
    # Random order: callers in other processes rarely race for the same row;
    # when they do, the conditional update gives it to one, the other tries the next.
    random.shuffle(free)
    ticket = secrets.token_hex(8)
    for pk in free:
        taken = ModelCallSlot.objects.filter(_free(now), pk=pk).update(
            holder=holder[:64],
            run_id=run_id,
            ticket=ticket,
            taken_at=now,
            expires_at=now + timedelta(seconds=ttl_s),
        )
        if taken:
            return Slot(pk, ticket)
    return None


def release_model_slot(slot: Slot) -> None:
    """Give a slot back (unless it expired and another call holds it now)."""
    ModelCallSlot.objects.filter(pk=slot.pk, ticket=slot.ticket).update(
        holder="", run_id=None, ticket="", taken_at=None, expires_at=None
    )


def renew_model_slots(run_ids: list[int], ttl_s: float) -> int:
    """The heartbeat of these runs: their slots last ``ttl_s`` more seconds (never less)."""
    if not run_ids:
        return 0
    now = timezone.now()
    until = now + timedelta(seconds=ttl_s)
    return ModelCallSlot.objects.filter(
        run_id__in=run_ids, expires_at__gt=now, expires_at__lt=until
    ).update(expires_at=until)


def model_slots_in_flight() -> int:
    return ModelCallSlot.objects.filter(expires_at__gt=timezone.now()).count()


def reset_model_slots() -> int:
    """Free every slot at start-up of a single process; returns how many were held.

    Only when nothing can be in flight (``make run``'s ``recover_runs``): with
    several processes, expiry gives back the slots of a dead one by itself.
    """
    return ModelCallSlot.objects.filter(expires_at__gt=timezone.now()).update(
        holder="", run_id=None, ticket="", taken_at=None, expires_at=None
    )
