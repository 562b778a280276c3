"""The engine guard that enforces quotas, concurrency and billing on every model call (R-CTX-1).

``ControlGuard`` applies three rules, in this order, before each call:

1. quota — a player over their daily quota is refused at once: they never
   take a server slot nor wait for one;
2. concurrency — wait briefly for a place in the model-call gate (this
   process's counter, or one of the database's slots), and give it back after
   the call;
3. billing — write the ledger row of each call that was made.

The kernel calls ``after_model`` only when ``before_model`` passed, with
``made=False`` when a later guard refused: the quota is then refunded, the
slot released and nothing billed (R-QUOTA-1).
"""

from __future__ import annotations

import asyncio
import time
from datetime import date

from asgiref.sync import sync_to_async

from agentweb.control import admission, quotas, settlement, slots
from agentweb.control.gate import process_gate, uses_process_gate
from agentweb.control.models import OUTCOME_OK
from agentweb.engine import AgentError, AgentFailure, ExecutionContext, Guard
from agentweb.engine.model import ModelReply, ModelRequest

# How long a call may wait for a free server slot before the player hears
# "busy": long enough to ride out a burst, shorter than any sensible model
# timeout (the wait is also capped by the call's own timeout and the deadline).
MAX_SLOT_WAIT_S = 10.0
# Backoff between attempts: short at first (slots free up in seconds), capped so
# a waiting call notices a free slot within half a second.
SLOT_BACKOFF_FIRST_S = 0.05
SLOT_BACKOFF_MAX_S = 0.5

BUSY_MESSAGE = (
    "The assistant is busy answering other players right now. Please try again in a moment."
)


class ControlGuard(Guard):
    """Quota, concurrency and billing in one guard: before a model call one trip to the
    ORM thread shared with the calls that start at the same time (``admission``), and
    after it one shared with the calls that end at the same time (``settlement``; the
    run executor's hot path, see docs/performance.md).

    The gate is this process's counter (``gate.py``) or the database's slot
    rows (``slots.py``), as ``AGENTWEB_MODEL_CALL_GATE`` says when the guard
    is made. ``workflow`` may be set after construction: the executor knows
    it only once the router has chosen (the router's own call is billed with
    the value in force then, and ``purpose="route"``).
    """

    def __init__(
        self,
        user_id: int,
        run_id: int | None,
        workflow: str = "",
        *,
        max_wait_s: float = MAX_SLOT_WAIT_S,
        slot_ttl_s: float | None = None,
    ) -> None:
        self.user_id = user_id
        self.run_id = run_id
        self.workflow = workflow
        self.max_wait_s = max_wait_s
        # A run with a heartbeat (a worker's) holds its slots one lease at a
        # time; without one, a slot lasts as long as the call may.
        self.slot_ttl_s = slot_ttl_s
        self.in_process = uses_process_gate()
        # One entry per call in flight: its quota day, start and database slot
        # (None: a place in this process's gate).
        self._open: list[tuple[date, float, slots.Slot | None]] = []

    async def before_model(self, ctx: ExecutionContext, request: ModelRequest) -> None:
        day = quotas.today()
        started = time.perf_counter()
        ttl = None if self.in_process else (self.slot_ttl_s or _call_ttl(request))
        admitted = await admission.admit(admission.Request(self.user_id, day, self.run_id, ttl))
        if not admitted.reserved:
            raise await _quota_exceeded(self.user_id, day)
        slot = admitted.slot
        try:
            if ttl is None:
                if not process_gate.try_take(admitted.limit):
                    await _wait_in_process(ctx, request, self.max_wait_s, admitted.limit)
            elif slot is None:
                slot = await _wait_for_slot(ctx, request, self.max_wait_s, self.run_id, ttl)
        except BaseException:
            # Never made: the reservation comes back with the other calls settled now.
            await settlement.settle(settlement.Settlement(self.user_id, day, None, None))
            raise
        self._open.append((day, started, slot))

    async def after_model(
        self,
        ctx: ExecutionContext,
        request: ModelRequest,
        reply: ModelReply | None,
        error: AgentError | None,
        made: bool,
    ) -> None:
        if not self._open:
            return
        day, started, slot = self._open.pop()
        if slot is None:
            process_gate.release()  # at once: a waiting call need not wait for the ledger
        usage = None
        if made:
            latency_ms = (
                reply.latency_ms
                if reply is not None and reply.latency_ms
                else ((time.perf_counter() - started) * 1000)
            )
            usage = {
                "user_id": self.user_id,
                "run_id": self.run_id,
                "workflow": self.workflow,
                "purpose": request.purpose.value,
                "model": (reply.model if reply is not None else "") or ctx.provider.name,
                "tokens_in": reply.tokens_in if reply is not None else 0,
                "tokens_out": reply.tokens_out if reply is not None else 0,
                "latency_ms": latency_ms,
                "outcome": OUTCOME_OK if error is None else error.failure.value,
            }
        await settlement.settle(settlement.Settlement(self.user_id, day, slot, usage))


async def _quota_exceeded(user_id: int, day: date) -> AgentError:
    """The player-facing refusal once the daily quota is used up."""
    status = await sync_to_async(quotas.quota_status)(user_id, day=day)
    return AgentError(
        AgentFailure.QUOTA_EXCEEDED,
        status.message(),
        detail={"limit": status.model_calls_limit, "tokens_limit": status.tokens_limit},
    )


def _wait_bound(ctx: ExecutionContext, request: ModelRequest, max_wait_s: float) -> float:
    """How long a call may wait for the gate: the bound, its timeout and the deadline."""
    return min(max_wait_s, request.timeout_s, max(0.0, ctx.time_left()))


async def _wait_in_process(
    ctx: ExecutionContext, request: ModelRequest, max_wait_s: float, limit: int
) -> None:
    """Wait in this process's gate; a cancel stops the wait at once."""
    async with ctx.cancellable():
        taken = await process_gate.take(limit, _wait_bound(ctx, request, max_wait_s))
    if not taken:
        ctx.check()  # a passed deadline says so, rather than "busy"
        raise AgentError(AgentFailure.CONCURRENCY_LIMIT, BUSY_MESSAGE)


async def _wait_for_slot(
    ctx: ExecutionContext,
    request: ModelRequest,
    max_wait_s: float,
    run_id: int | None,
    ttl_s: float,
) -> slots.Slot:
    """Retry for a database slot with backoff, within the call's timeout and the deadline."""
    loop = asyncio.get_running_loop()
    give_up_at = loop.time() + _wait_bound(ctx, request, max_wait_s)
    delay = SLOT_BACKOFF_FIRST_S
    while True:
        left = give_up_at - loop.time()
        if left <= 0:
            raise AgentError(AgentFailure.CONCURRENCY_LIMIT, BUSY_MESSAGE)
        async with ctx.cancellable():
            await asyncio.sleep(min(delay, left))
        delay = min(delay * 2, SLOT_BACKOFF_MAX_S)
        ctx.check()  # a cancelled request or a passed deadline stops waiting
        slot = await sync_to_async(slots.take_slot_for_run)(run_id, ttl_s)
        if slot is not None:
            return slot


def _call_ttl(request: ModelRequest) -> float:
    """How long a slot may last without a heartbeat: the call's own bound, and some."""
    return request.timeout_s + slots.SLOT_GRACE_S
