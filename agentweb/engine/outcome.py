"""How a run ended: its status, the stop code and reason, and the one failure → stop mapping."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from agentweb.engine.failures import AgentError, AgentFailure, Budget


class RunStatus(StrEnum):
    COMPLETED = "completed"
    DEGRADED = "degraded"
    CANCELLED = "cancelled"
    FAILED = "failed"
    UNDONE = "undone"
    INTERRUPTED = "interrupted"


class StopCode(StrEnum):
    ANSWERED = "answered"
    FINALIZED = "finalized"
    MAX_ROUNDS = "max_rounds"
    BUDGET_EXHAUSTED = "budget_exhausted"
    FAILED = "failed"
    CANCELLED = "cancelled"
    TERMINATED = "terminated"
    LOOP_DISABLED = "loop_disabled"
    # Set outside the loop: the process running it died, or the player undid it.
    INTERRUPTED = "interrupted"
    UNDONE = "undone"


@dataclass(frozen=True, slots=True)
class StopReason:
    code: StopCode
    message: str = ""
    failure: AgentFailure | None = None
    budget: Budget | None = None

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"code": self.code.value, "message": self.message}
        if self.failure is not None:
            data["failure"] = self.failure.value
        if self.budget is not None:
            data["budget"] = self.budget.value
        return data


def stop_for(error: AgentError) -> tuple[RunStatus, StopReason]:
    """The status and stop reason of a run that ends on ``error`` with no answer.

    Cancelled runs are ``cancelled``, undone runs ``undone``; any other failure
    is ``failed``, with ``terminated`` saying the failure allowed no
    finalization (R-LOOP-5, R-MEM-2).
    """
    if error.failure is AgentFailure.CANCELLED:
        status, code = RunStatus.CANCELLED, StopCode.CANCELLED
    elif error.failure is AgentFailure.UNDONE:
        status, code = RunStatus.UNDONE, StopCode.TERMINATED
    else:
        status = RunStatus.FAILED
        code = StopCode.TERMINATED if error.terminal else StopCode.FAILED
    return status, StopReason(code, error.message, error.failure, error.budget)


def degraded_stop(error: AgentError, kept_evidence: bool) -> tuple[RunStatus, StopReason]:
    """A recoverable failure with no finalization: ``degraded`` if cards or sources remain."""
    if error.budget is Budget.ROUNDS:
        code = StopCode.MAX_ROUNDS
    elif error.failure is AgentFailure.BUDGET_EXHAUSTED:
        code = StopCode.BUDGET_EXHAUSTED
    else:
        code = StopCode.FAILED
    status = RunStatus.DEGRADED if kept_evidence else RunStatus.FAILED
    return status, StopReason(code, error.message, error.failure, error.budget)
