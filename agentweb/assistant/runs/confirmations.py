"""Confirmation of writes (R-FREE-2): a PendingAction row, then wait for the player's decision.

The decision is a row update any process can make (``actions.decide``); the
waiting run is woken at once when it runs here, through the control group
when it runs elsewhere, and by polling when that message is lost.
"""

from __future__ import annotations

import asyncio

from channels.db import database_sync_to_async
from django.utils import timezone

from agentweb.assistant.models import ActionStatus, PendingAction
from agentweb.engine.tools import ToolCall

# How often a waiting confirmation looks at the database when no wake-up
# arrives (a decision taken in another process whose control message was lost;
# normally the executor relays it through the control group at once).
CONFIRM_POLL_S = 0.25
# A write not confirmed within this time counts as rejected.
CONFIRM_TIMEOUT_S = 120.0

# Decisions taken in this process wake the waiting run at once.
_decision_events: dict[tuple[int, str], asyncio.Event] = {}


class DbConfirmer:
    """Asks the player to approve a write: a PendingAction row, then wait for the decision."""

    def __init__(self, run_id: int) -> None:
        self.run_id = run_id

    async def prepare(self, call: ToolCall, text: str) -> None:
        """The PendingAction row (and the wake-up), before ``action.pending`` is sent: a
        decision taken the moment the player sees the question finds its row."""
        _decision_events.setdefault((self.run_id, call.step_id), asyncio.Event())
        await _create_action(self.run_id, call.step_id, call.binding.tool.type, text)

    async def confirm(self, call: ToolCall, text: str) -> bool:
        key = (self.run_id, call.step_id)
        if key not in _decision_events:  # not prepared (the engine always prepares first)
            await self.prepare(call, text)
        event = _decision_events[key]
        try:
            async with call.ctx.cancellable():
                async with asyncio.timeout(min(CONFIRM_TIMEOUT_S, max(call.ctx.time_left(), 0))):
                    while True:
                        status = await _action_status(self.run_id, call.step_id)
                        if status != ActionStatus.PENDING:
                            return status == ActionStatus.APPROVED
                        try:
                            async with asyncio.timeout(CONFIRM_POLL_S):
                                await event.wait()
                        except TimeoutError:
                            continue
        except TimeoutError:
            await _expire_action(self.run_id, call.step_id)
            return False
        finally:
            _decision_events.pop(key, None)


def wake_confirmation(run_id: int, action_id: str) -> bool:
    """The waiting run reads the decision now; ``False`` if it does not wait in this process."""
    event = _decision_events.get((run_id, action_id))
    if event is None:
        return False
    event.set()
    return True


@database_sync_to_async
def _create_action(run_id: int, action_id: str, tool: str, text: str) -> None:
    PendingAction.objects.get_or_create(
        run_id=run_id, action_id=action_id, defaults={"tool": tool, "text": text}
    )


@database_sync_to_async
def _action_status(run_id: int, action_id: str) -> str:
    return PendingAction.objects.values_list("status", flat=True).get(
        run_id=run_id, action_id=action_id
    )


@database_sync_to_async
def _expire_action(run_id: int, action_id: str) -> None:
    PendingAction.objects.filter(
        run_id=run_id, action_id=action_id, status=ActionStatus.PENDING
    ).update(status=ActionStatus.EXPIRED, decided_at=timezone.now())
