"""ExecutionContext: the one kernel every model and tool call of a request goes through.

One context per player request (R-CTX-1). It owns the budgets of the policy
snapshot, the shared usage counters, the deadline, cancellation and the
event log. Nested loops get a child context that shares the counters and can
only tighten the limits (R-CTX-2, R-FREE-1). The web layer plugs quotas,
server-wide concurrency, billing and memory-generation checks in as guards.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from agentweb.engine.events import EventData, EventLog, EventSink, ModelStarted, NullSink
from agentweb.engine.failures import AgentError, AgentFailure, Budget, budget_exhausted
from agentweb.engine.model import Message, ModelProvider, ModelReply, ModelRequest, Purpose
from agentweb.engine.policy import ExecutionPolicy
from agentweb.engine.streaming import OutputLimitReached, ReplyStream, TextListener
from agentweb.engine.tokens import estimate_tokens


@dataclass(slots=True)
class Usage:
    """Counters shared by every loop of one request; never replenished."""

    model_calls: int = 0
    tool_calls: int = 0
    steps: int = 0
    write_steps: int = 0
    tokens_in: int = 0
    tokens_out: int = 0

    @property
    def total_tokens(self) -> int:
        return self.tokens_in + self.tokens_out


@dataclass(frozen=True, slots=True)
class ToolCallInfo:
    """What a guard learns about a tool call before and after it runs."""

    tool_type: str
    module: str
    writes: bool
    step_id: str


class Guard:
    """A hook the web layer plugs into the kernel. Every method is optional.

    ``before_*`` may raise ``AgentError`` to refuse the call; the matching
    ``after_*`` then runs only for the guards whose ``before_*`` succeeded, with
    ``made=False``, so a reservation can be returned and nothing is billed.
    """

    async def check_state(self, ctx: ExecutionContext) -> None:
        """Raise if the player's state no longer allows this run (undo, forget, assistant off)."""

    async def before_model(self, ctx: ExecutionContext, request: ModelRequest) -> None: ...

    async def after_model(
        self,
        ctx: ExecutionContext,
        request: ModelRequest,
        reply: ModelReply | None,
        error: AgentError | None,
        made: bool,
    ) -> None: ...

    async def before_tool(self, ctx: ExecutionContext, call: ToolCallInfo) -> None: ...

    async def after_tool(self, ctx: ExecutionContext, call: ToolCallInfo, made: bool) -> None: ...


class CancelState:
    """Cancellation shared by a request and its nested contexts (R-X3-3)."""

    __slots__ = ("_waiting", "reason")

    def __init__(self) -> None:
        self.reason: AgentFailure | None = None
        self._waiting: set[asyncio.Task[Any]] = set()

    def cancel(self, reason: AgentFailure = AgentFailure.CANCELLED) -> None:
        """Stop the request: the flag is checked at every await point and the
        call in flight is abandoned at once."""
        if self.reason is None:
            self.reason = reason
        for task in list(self._waiting):
            task.cancel()


INF = float("inf")


class ExecutionContext:
    """Budgets, counters, deadline, cancellation and events of one request."""

    def __init__(
        self,
        policy: ExecutionPolicy,
        model: ModelProvider,
        *,
        sink: EventSink | None = None,
        guards: Sequence[Guard] = (),
        step_prefix: str = "r",
        parent: ExecutionContext | None = None,
        clock: Any = time.monotonic,
        principal: Any = None,
        language: str | None = None,
    ) -> None:
        self.policy = policy
        # Who the request acts for (the web layer's user); tool handlers read it
        # from ``call.ctx.principal``. Opaque to the engine; children inherit it.
        self.principal = principal if principal is not None or parent is None else parent.principal
        # The language the run answers in (a game code like ``zh_cn``): a tool whose input
        # has a ``language`` the call left unset names things in it (``ToolContext.call``).
        self.language = language if language is not None or parent is None else parent.language
        self.provider = model
        self.parent = parent
        self.step_prefix = step_prefix
        self._clock = clock
        now = clock()
        self.started_at = now
        self.started_wall = time.time()
        if parent is None:
            self.usage = Usage()
            self.events = EventLog(sink or NullSink())
            self.cancel_state = CancelState()
            self.guards: tuple[Guard, ...] = tuple(guards)
            self.deadline = now + policy.ttl_millis / 1000
        else:
            self.usage = parent.usage
            self.events = parent.events
            self.cancel_state = parent.cancel_state
            self.guards = parent.guards + tuple(guards)
            self.deadline = min(parent.deadline, now + policy.ttl_millis / 1000)
        u = self.usage
        # Absolute caps on the shared counters: a child can only tighten.
        self.cap_model_calls = u.model_calls + self._room(policy.model_calls, Budget.MODEL_CALLS)
        self.cap_tool_calls = u.tool_calls + self._room(policy.tool_calls, Budget.TOOL_CALLS)
        self.cap_steps = u.steps + self._room(policy.steps, Budget.STEPS)
        self.cap_write_steps = u.write_steps + self._room(policy.write_steps, Budget.WRITE_STEPS)
        self.cap_tokens = u.total_tokens + self._room(policy.total_tokens, Budget.TOTAL_TOKENS)
        self.input_bytes = min(policy.input_bytes, parent.input_bytes if parent else INF)
        self.output_tokens = min(policy.output_tokens, parent.output_tokens if parent else INF)
        self._children = 0

    # --- budgets ------------------------------------------------------------
    def _room(self, limit: int, budget: Budget) -> int:
        if self.parent is None:
            return limit
        return min(limit, self.parent.remaining(budget))

    def remaining(self, budget: Budget) -> int:
        u = self.usage
        match budget:
            case Budget.MODEL_CALLS:
                return self.cap_model_calls - u.model_calls
            case Budget.TOOL_CALLS:
                return self.cap_tool_calls - u.tool_calls
            case Budget.STEPS:
                return self.cap_steps - u.steps
            case Budget.WRITE_STEPS:
                return self.cap_write_steps - u.write_steps
            case Budget.TOTAL_TOKENS:
                return self.cap_tokens - u.total_tokens
        raise ValueError(f"{budget} is not a counted budget")

    def time_left(self) -> float:
        return self.deadline - self._clock()

    def continuing(self, policy: ExecutionPolicy) -> ExecutionContext:
        """The same request under another policy, with everything used so far charged to it.

        The router's call is made before the workflow is known; the chosen
        workflow's context continues from it, so that call counts toward the
        workflow's model-call budget (R-ROUTE-2). Limits are absolute: nothing
        is replenished, and the deadline still runs from the request's start.
        """
        ctx = ExecutionContext(
            policy,
            self.provider,
            step_prefix=self.step_prefix,
            principal=self.principal,
            language=self.language,
            clock=self._clock,
        )
        ctx.usage = self.usage
        ctx.events = self.events
        ctx.cancel_state = self.cancel_state
        ctx.guards = self.guards
        ctx.started_at = self.started_at
        ctx.started_wall = self.started_wall
        ctx.deadline = self.started_at + policy.ttl_millis / 1000
        return ctx

    def child(self, policy: ExecutionPolicy, *, guards: Sequence[Guard] = ()) -> ExecutionContext:
        """A nested execution in the same request: shared counters, tighter limits."""
        self._children += 1
        return ExecutionContext(
            policy,
            self.provider,
            guards=guards,
            step_prefix=f"{self.step_prefix}.{self._children}",
            parent=self,
            clock=self._clock,
        )

    def limits(self) -> dict[str, Any]:
        """Usage vs. limits, for budget meters and ``run.finished``."""
        u = self.usage
        return {
            "usage": {
                "model_calls": u.model_calls,
                "tool_calls": u.tool_calls,
                "steps": u.steps,
                "write_steps": u.write_steps,
                "tokens_in": u.tokens_in,
                "tokens_out": u.tokens_out,
                "total_tokens": u.tokens_in + u.tokens_out,
            },
            "limits": {
                "model_calls": self.cap_model_calls,
                "tool_calls": self.cap_tool_calls,
                "steps": self.cap_steps,
                "write_steps": self.cap_write_steps,
                "total_tokens": self.cap_tokens,
                "ttl_ms": round((self.deadline - self.started_at) * 1000),
            },
            "elapsed_ms": round((self._clock() - self.started_at) * 1000),
        }

    # --- cancellation and state ---------------------------------------------
    @property
    def cancelled(self) -> bool:
        return self.cancel_state.reason is not None

    def cancel(self, reason: AgentFailure = AgentFailure.CANCELLED) -> None:
        self.cancel_state.cancel(reason)

    def check(self) -> None:
        """Raise if the request was cancelled or its deadline passed."""
        reason = self.cancel_state.reason
        if reason is not None:
            raise AgentError(reason)
        if self._clock() >= self.deadline:
            raise budget_exhausted(Budget.DEADLINE, "Deadline reached")

    async def check_state(self) -> None:
        """Cancellation, deadline and every guard's view of the player's state."""
        self.check()
        for guard in self.guards:
            await guard.check_state(self)

    def step(self) -> None:
        """Count an internal step (a local lookup, a review) against ``steps``."""
        self.check()
        if self.usage.steps >= self.cap_steps:
            raise budget_exhausted(Budget.STEPS)
        self.usage.steps += 1

    async def emit(self, data: EventData) -> None:
        await self.events.emit(data)

    # --- the model kernel ---------------------------------------------------
    async def model(
        self,
        messages: Sequence[Message],
        purpose: Purpose,
        *,
        json_mode: bool = True,
        on_text: TextListener | None = None,
        announce: ModelStarted | None = None,
    ) -> ModelReply:
        """Make one model call within every budget; raises ``AgentError``.

        ``announce``: the data of a ``model.started`` event, emitted once the
        call is admitted (budgets, quota, a server slot), right before it is
        made. A streaming provider's visible text goes to ``on_text`` as it arrives.
        When the call fails or is cancelled mid-stream, what arrived is on the
        error (``error.partial``): it is charged and billed like any reply.
        """
        self.check()
        u = self.usage
        if u.model_calls >= self.cap_model_calls:
            raise budget_exhausted(Budget.MODEL_CALLS)
        if u.steps >= self.cap_steps:
            raise budget_exhausted(Budget.STEPS)
        msgs = tuple(messages)
        size = sum(len(m.content.encode("utf-8")) for m in msgs)
        if size > self.input_bytes:
            raise budget_exhausted(
                Budget.INPUT_BYTES, f"Model input of {size} bytes exceeds inputBytes"
            )
        token_room = self.cap_tokens - u.total_tokens - estimate_tokens_of(msgs)
        if token_room <= 0:
            raise budget_exhausted(Budget.TOTAL_TOKENS)
        time_left = self.deadline - self._clock()
        per_call = self.policy.model_timeout_millis / 1000
        request = ModelRequest(
            msgs,
            purpose,
            max_tokens=int(min(self.output_tokens, token_room)),
            timeout_s=min(per_call, time_left),
            json_mode=json_mode,
        )
        passed = await self._before(request)
        if announce is not None:
            try:
                await self.emit(announce)
            except BaseException:
                for guard in passed:
                    await guard.after_model(self, request, None, None, False)
                raise
        u.model_calls += 1
        u.steps += 1
        reply: ModelReply | None = None
        error: AgentError | None = None
        try:
            reply = await self._await_model(
                request, deadline_bound=time_left < per_call, on_text=on_text
            )
        except AgentError as exc:
            error = exc
            reply = exc.partial
            if reply is not None:
                u.tokens_in += reply.tokens_in
                u.tokens_out += reply.tokens_out
            raise
        finally:
            for guard in passed:
                await guard.after_model(self, request, reply, error, True)
        u.tokens_in += reply.tokens_in
        u.tokens_out += reply.tokens_out
        if reply.tokens_out > self.output_tokens:
            raise budget_exhausted(
                Budget.OUTPUT_TOKENS,
                f"Reply of {reply.tokens_out} tokens exceeds outputTokens={self.output_tokens}",
            )
        return reply

    async def _before(self, request: ModelRequest) -> list[Guard]:
        passed: list[Guard] = []
        try:
            for guard in self.guards:
                await guard.check_state(self)
                await guard.before_model(self, request)
                passed.append(guard)
        except BaseException:
            for guard in passed:
                await guard.after_model(self, request, None, None, False)
            raise
        return passed

    async def _await_model(
        self, request: ModelRequest, *, deadline_bound: bool, on_text: TextListener | None
    ) -> ModelReply:
        """One provider call under ``min(modelTimeoutMillis, time left)`` and cancellation.

        The timeout bounds the whole call, so a stream that stalls for that
        long fails as ``model_timeout``; cancel abandons the read at once.
        """
        stream = ReplyStream(request, self.cancel_state, on_text)
        try:
            async with self.cancellable():
                async with asyncio.timeout(request.timeout_s):
                    reply = await self._read(request, stream)
        except TimeoutError:
            if deadline_bound:
                error = budget_exhausted(Budget.DEADLINE, "Deadline reached during a model call")
            else:
                error = AgentError(
                    AgentFailure.MODEL_TIMEOUT,
                    f"The model did not answer within {request.timeout_s:.1f} s",
                )
            raise _with_partial(error, stream, self.provider.name) from None
        except AgentError as exc:
            raise _with_partial(exc, stream, self.provider.name) from None
        # The wall time the run waited, whatever the provider reported.
        reply.latency_ms = (time.perf_counter() - stream.started) * 1000
        if stream.received:
            reply.ttft_ms = stream.ttft_ms
        return reply

    async def _read(self, request: ModelRequest, stream: ReplyStream) -> ModelReply:
        streaming = getattr(self.provider, "stream", None)
        if streaming is None:
            return await self.provider.complete(request)
        try:
            return await streaming(request, stream.feed)
        except OutputLimitReached:
            # Cut here rather than left to the server's max_tokens (R-X3-4).
            return stream.cut_reply(self.provider.name)

    def cancellable(self) -> _Cancellable:
        """Wrap an await so that ``cancel()`` abandons it at once."""
        return _Cancellable(self.cancel_state)

    # --- the tool kernel ------------------------------------------------------
    async def run_tool(self, info: ToolCallInfo, call: Any, *, state_checked: bool = False) -> Any:
        """Execute one tool call (an awaitable factory) within every budget.

        ``state_checked``: the caller ran ``check_state`` just before; the guards'
        ``check_state`` is not repeated (their ``before_tool`` still runs).
        """
        self.check()
        u = self.usage
        if u.tool_calls >= self.cap_tool_calls:
            raise budget_exhausted(Budget.TOOL_CALLS)
        if u.steps >= self.cap_steps:
            raise budget_exhausted(Budget.STEPS)
        if info.writes and u.write_steps >= self.cap_write_steps:
            raise budget_exhausted(Budget.WRITE_STEPS)
        passed: list[Guard] = []
        try:
            for guard in self.guards:
                if not state_checked:
                    await guard.check_state(self)
                await guard.before_tool(self, info)
                passed.append(guard)
        except BaseException:
            for guard in passed:
                await guard.after_tool(self, info, False)
            raise
        u.tool_calls += 1
        u.steps += 1
        if info.writes:
            u.write_steps += 1
        try:
            return await self._await_tool(info, call)
        finally:
            for guard in passed:
                await guard.after_tool(self, info, True)

    async def _await_tool(self, info: ToolCallInfo, call: Any) -> Any:
        time_left = self.deadline - self._clock()
        try:
            if info.writes:
                # A write is never interrupted half-way: neither cancel nor the
                # deadline abandons it (its database thread would commit anyway,
                # unseen); both are checked around it.
                return await _to_completion(call(), self.cancel_state)
            async with self.cancellable():
                async with asyncio.timeout(time_left):
                    return await call()
        except AgentError:
            raise
        except TimeoutError:
            raise budget_exhausted(Budget.DEADLINE, "Deadline reached during a tool call") from None
        except Exception as exc:
            raise AgentError(
                AgentFailure.TOOL_ERROR,
                f"{info.tool_type} failed: {exc}",
                detail={"tool": info.tool_type, "error": type(exc).__name__},
            ) from exc


async def _to_completion(awaitable: Any, state: CancelState) -> Any:
    """Await a write to its end even if this task is cancelled meanwhile.

    A cancel of the request (``ctx.cancel``, possibly aimed at an enclosing
    call) is then left to the checks after the write, so its ``tool.finished``
    is still written; any other cancellation (shutdown) is re-raised.
    """
    task = asyncio.ensure_future(awaitable)
    interrupted = 0
    while True:
        try:
            result = await asyncio.shield(task)
            break
        except asyncio.CancelledError:
            if task.done():
                raise
            interrupted += 1
    if interrupted:
        current = asyncio.current_task()
        if state.reason is None or current is None:
            raise asyncio.CancelledError
        for _ in range(interrupted):
            current.uncancel()
    return result


class _Cancellable:
    """Registers the current task so ``CancelState.cancel`` can interrupt it,
    and turns that interruption into ``AgentError(reason)``."""

    __slots__ = ("_state", "_task")

    def __init__(self, state: CancelState) -> None:
        self._state = state
        self._task: asyncio.Task[Any] | None = None

    async def __aenter__(self) -> None:
        reason = self._state.reason
        if reason is not None:
            raise AgentError(reason)
        self._task = asyncio.current_task()
        if self._task is not None:
            self._state._waiting.add(self._task)

    async def __aexit__(self, exc_type: Any, exc: Any, tb: Any) -> bool:
        task = self._task
        if task is not None:
            self._state._waiting.discard(task)
        reason = self._state.reason
        if exc_type is asyncio.CancelledError and reason is not None and task is not None:
            # Our own cancel, not the server shutting the task down: swallow it.
            task.uncancel()
            raise AgentError(reason) from None
        return False


def _with_partial(error: AgentError, stream: ReplyStream, model: str) -> AgentError:
    if error.partial is None:
        error.partial = stream.partial_reply(model)
    return error


def estimate_tokens_of(messages: Sequence[Message]) -> int:
    return sum(estimate_tokens(m.content) for m in messages)
