"""The server-wide model-call gate: one row per call in flight, each with an expiry (R-QUOTA-1).

``AGENTWEB_MAX_CONCURRENT_MODEL_CALLS`` (or the admin's override) bounds the
model calls in flight across every process. Each call holds a
``ModelCallSlot`` row; a slot counts until its ``expires_at``. The slot is
taken for the call's own timeout (plus ``SLOT_GRACE_S``) and a worker's
heartbeat renews the slots of its runs for one lease, so a worker killed
mid-call gives its slot back one lease later, by itself — no restart, no
reset by hand.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from agentweb.control.models import ModelCallGate, ModelCallSlot
from agentweb.control.models.switches import SINGLETON_PK
from agentweb.control.quotas import model_slot_limit

# Beyond the call's own timeout: the time between the timeout and the release
# (guards, the ledger write) on a loaded machine.
SLOT_GRACE_S = 30.0


def acquire_model_slot(
    *, holder: str = "", run_id: int | None = None, ttl_s: float = SLOT_GRACE_S
) -> int | None:
    """Take a slot for ``ttl_s`` seconds; its id, or ``None`` if all are taken."""
    limit = model_slot_limit()
    now = timezone.now()
    with transaction.atomic():
        ModelCallGate.objects.get_or_create(pk=SINGLETON_PK)
        # The gate's row lock: counting and taking are one step across processes.
        list(ModelCallGate.objects.select_for_update().filter(pk=SINGLETON_PK).values_list("pk"))
        ModelCallSlot.objects.filter(expires_at__lte=now).delete()
        if ModelCallSlot.objects.count() >= limit:
            return None
        slot = ModelCallSlot.objects.create(
            holder=holder[:64], run_id=run_id, expires_at=now + timedelta(seconds=ttl_s)
        )
        return slot.pk


def release_model_slot(slot_id: int) -> None:
    """Give a slot back (a slot that expired meanwhile is already gone)."""
    ModelCallSlot.objects.filter(pk=slot_id).delete()


def renew_model_slots(run_ids: list[int], ttl_s: float) -> int:
    """The heartbeat of these runs: their slots last ``ttl_s`` more seconds (never less)."""
    if not run_ids:
        return 0
    until = timezone.now() + timedelta(seconds=ttl_s)
    return ModelCallSlot.objects.filter(run_id__in=run_ids, expires_at__lt=until).update(
        expires_at=until
    )


def model_slots_in_flight() -> int:
    return ModelCallSlot.objects.filter(expires_at__gt=timezone.now()).count()


def reset_model_slots() -> int:
    """Free every slot at start-up of a single process; returns how many were held.

    Only when nothing can be in flight (``make run``'s ``recover_runs``): with
    several processes, expiry gives back the slots of a dead one by itself.
    """
    held, _ = ModelCallSlot.objects.all().delete()
    return held
