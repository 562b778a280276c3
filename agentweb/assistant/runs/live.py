"""A run executing in this process: the one owner of its in-process state.

``open_run`` registers the run when its execution has claimed it; ``LiveRun.close``
— called once, however the run ends (answered, failed, stopped, crashed, lease
lost) — lets go of all of it: its flags as claimed (``flags.py``: what its guard
reads between two fallback reads), the inbox's mark for it (``inbox.py``: a message
queued since its last claim), its streamed text (``deltas.py``: what a socket that
subscribes mid-answer is sent) and its execution context (what a stop here
cancels at once, handed to the executor that asked, ``on_context``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from agentweb.assistant import inbox
from agentweb.assistant.runs import deltas
from agentweb.assistant.runs.flags import Flags, run_flags
from agentweb.engine import ExecutionContext

_open: dict[int, LiveRun] = {}


@dataclass(slots=True)
class LiveRun:
    run_id: int
    user_id: int
    # Told the run's execution context as soon as there is one (the executor's
    # ``on_context``: its stop and its control messages reach the run through it).
    on_context: Callable[[ExecutionContext], None] | None = None
    context: ExecutionContext | None = field(default=None, repr=False)

    def track(self, ctx: ExecutionContext) -> None:
        """The run's execution context, once routed (and again when it continues)."""
        self.context = ctx
        if self.on_context is not None:
            self.on_context(ctx)

    def close(self) -> None:
        """The run has ended here: nothing of it stays in this process."""
        if _open.get(self.run_id) is self:
            del _open[self.run_id]
        run_flags().drop(self.run_id)
        inbox.unmark(self.run_id)
        deltas.forget(self.run_id)
        self.context = None


def open_run(
    run_id: int,
    user_id: int,
    flags: Flags,
    on_context: Callable[[ExecutionContext], None] | None = None,
) -> LiveRun:
    """Register a run this process executes from now on, with its flags as it was claimed
    with them (its first steps read none)."""
    run_flags().watch(run_id, user_id, flags)
    live = _open[run_id] = LiveRun(run_id, user_id, on_context)
    return live


def live_run(run_id: int) -> LiveRun | None:
    """The run, if it executes in this process."""
    return _open.get(run_id)
