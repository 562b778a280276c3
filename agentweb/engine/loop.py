"""The ReAct loop (SPEC §5): decision → one tool → observation → … → answer."""

from __future__ import annotations

import math
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from agentweb.engine.budget_left import REPEATED, budget_left, low_budget, stopped
from agentweb.engine.context import ExecutionContext
from agentweb.engine.events import (
    AnswerGiven,
    ContextCompressed,
    DecisionMade,
    DeltaKind,
    FailureSeen,
    InboxClaimed,
    ModelCalled,
    ModelStarted,
    RoundStarted,
    RunDegraded,
)
from agentweb.engine.failures import (
    DEFAULT_RECOVERABLE,
    AgentError,
    AgentFailure,
    Budget,
)
from agentweb.engine.history import (
    COMPRESS_AT,
    KEEP_RECENT_OBSERVATIONS,
    Compressor,
    KeyFactsCompressor,
    history_budget,
)
from agentweb.engine.model import Message, ModelReply, Purpose
from agentweb.engine.outcome import RunStatus, StopCode, StopReason, degraded_stop, stop_for
from agentweb.engine.protocol import (
    ANSWER,
    Answer,
    ToolAction,
    dumps,
    parse_decision,
    without_private,
)
from agentweb.engine.streaming import AnswerText
from agentweb.engine.tokens import estimate_tokens
from agentweb.engine.tools import Source, ToolContext, ToolOutcome

# At most this many "please continue" calls after a reply cut by the token limit (R-X3-4).
MAX_TOKEN_CONTINUATIONS = 4
DEFAULT_CONTEXT_WINDOW = 128_000


@dataclass(frozen=True, slots=True)
class Prompts:
    """The prompt snapshot a loop runs with (R-POL-4)."""

    system: str
    finalize: str = "Answer now with what the observations show. Reply with the answer JSON only."
    rethink: str = (
        "Reflect before the next step: re-check the goal, whether the recent steps produced new "
        "information, and change approach if not; if the known facts suffice, answer now."
    )
    continuation: str = (
        "Your reply was cut off by the length limit. Continue exactly where it stopped."
    )


@dataclass(slots=True)
class Observation:
    """One thing the model saw: a tool result, or a note about its own invalid output."""

    n: int
    round: int
    tool: str | None
    input: Any
    result: Any = None
    error: str | None = None
    step_id: str = ""
    outcome: ToolOutcome | None = None

    def view(self) -> dict[str, Any]:
        data: dict[str, Any] = {"n": self.n, "round": self.round}
        if self.tool is not None:
            data["tool"] = self.tool
            data["input"] = self.input
        if self.error is not None:
            data["error"] = self.error
        else:
            data["result"] = self.result
        return data


class Inbox(Protocol):
    """Steering messages the player sent to join the running run (R-X3-1); claimed at
    the start of every round that can still act on them."""

    async def claim(self) -> list[str]: ...


@dataclass(slots=True)
class Degraded:
    """What the player gets when the loop could not produce a normal answer."""

    text: str
    sources: list[Source] = field(default_factory=list)
    cards: list[dict[str, Any]] = field(default_factory=list)


@dataclass(slots=True)
class LoopHooks:
    """What a workflow supplies (R-TOOL-5): answer review, degradation, authorization."""

    # Reviews the answer (e.g. drops citations of unobserved sources) before it is sent.
    review: Callable[[Answer, ReActContext], Answer] | None = None
    # Builds what the player sees when the loop degrades without an answer.
    degrade: Callable[[ReActContext, AgentError], Degraded] | None = None
    # The workflow's own authorization guard, before each tool action.
    authorize: Callable[[ToolAction, ReActContext], Awaitable[None]] | None = None
    inbox: Inbox | None = None
    compressor: Compressor | None = None
    # Called before each model decision: may add to ``rc.extra`` what the model should
    # know of the observations so far (say, their names in the player's language).
    before_decision: Callable[[ReActContext], Awaitable[None]] | None = None


@dataclass(slots=True)
class ReActContext:
    """The state of one loop; never shared with another loop or player (R-LOOP-8)."""

    question: str
    prompts: Prompts
    tools: ToolContext
    memory: list[dict[str, Any]] = field(default_factory=list)
    recoverable: frozenset[AgentFailure] = DEFAULT_RECOVERABLE
    hooks: LoopHooks = field(default_factory=LoopHooks)
    context_window: int = DEFAULT_CONTEXT_WINDOW
    extra: dict[str, Any] = field(default_factory=dict)
    observations: list[Observation] = field(default_factory=list)
    sources: list[Source] = field(default_factory=list)
    cards: list[dict[str, Any]] = field(default_factory=list)
    taken: set[Any] = field(default_factory=set)
    followups: list[str] = field(default_factory=list)
    round: int = 0
    rounds_total: int = 0
    # Why the last round is final-only: a budget (``Budget`` value), a repeated action,
    # or ``None`` when the workflow asked for that many rounds (R-LOOP-2).
    final_reason: str | None = None
    summary: str = ""
    summarized: int = 0

    @property
    def evidence(self) -> bool:
        return any(o.error is None for o in self.observations)

    def add_outcome(self, outcome: ToolOutcome, round_no: int) -> Observation:
        first = len(self.sources) + 1
        self.sources.extend(outcome.sources)
        result = outcome.observation
        if outcome.sources:
            numbers = list(range(first, len(self.sources) + 1))
            result = (
                {"sources": numbers, "data": result}
                if not isinstance(result, dict)
                else {**result, "source_numbers": numbers}
            )
        if outcome.card:
            self.cards.append(outcome.card)
        obs = Observation(
            len(self.observations) + 1,
            round_no,
            outcome.tool_type,
            outcome.input.model_dump(mode="json"),
            result,
            step_id=outcome.step_id,
            outcome=outcome,
        )
        self.observations.append(obs)
        return obs

    def add_error(self, round_no: int, message: str, tool: str | None = None) -> None:
        self.observations.append(
            Observation(len(self.observations) + 1, round_no, tool, None, error=message)
        )


@dataclass(slots=True)
class LoopResult:
    status: RunStatus
    stop: StopReason
    text: str
    answer: Answer | None = None
    sources: list[Source] = field(default_factory=list)
    cards: list[dict[str, Any]] = field(default_factory=list)
    failure: AgentError | None = None
    rounds_used: int = 0
    rounds_total: int = 0


class ReActLoop:
    """Runs one ReAct loop inside an ExecutionContext. Stateless: safe to share."""

    async def run(
        self, ctx: ExecutionContext, rc: ReActContext, *, rounds: int | None = None
    ) -> LoopResult:
        """Run rounds until an answer or a stop; ``rounds`` can only lower the policy's limit."""
        policy = ctx.policy
        if not policy.loop_enabled:
            stop = StopReason(
                StopCode.LOOP_DISABLED,
                "Analysis is disabled for this workflow.",
                AgentFailure.LOOP_DISABLED,
            )
            return LoopResult(RunStatus.FAILED, stop, stop.message)
        # The router's call already counts against modelCalls: the last round
        # must be one the budget can still pay for, so it can be final-only.
        initial_rounds = min(policy.react_iterations, rounds or policy.react_iterations)
        rc.rounds_total = min(initial_rounds, max(ctx.remaining(Budget.MODEL_CALLS), 1))
        if rc.rounds_total < initial_rounds:
            rc.final_reason = Budget.MODEL_CALLS.value
        elif rounds is None or rounds >= policy.react_iterations:
            rc.final_reason = Budget.ROUNDS.value
        while True:
            rc.round += 1
            try:
                rethink = self._maybe_rethink(ctx, rc, initial_rounds)
                final_only = rc.round >= rc.rounds_total
                if not final_only:
                    # A final-only round cannot look anything up for a new message: it
                    # stays in the inbox and becomes a run of its own (R-X3-1).
                    await self._claim_inbox(ctx, rc)
                await ctx.emit(
                    RoundStarted(
                        round=rc.round,
                        rounds_total=rc.rounds_total,
                        final_only=final_only,
                        rethink=rethink,
                        budget=ctx.limits(),
                    ),
                )
                if rc.hooks.before_decision is not None:
                    await rc.hooks.before_decision(rc)
                decision = await self._decide(ctx, rc, final_only, rethink)
                if isinstance(decision, Answer):
                    return await self._finish(ctx, rc, decision)
                await self._act(ctx, rc, decision)
            except AgentError as error:
                outcome = await self._on_error(ctx, rc, error)
                if outcome is not None:
                    return outcome

    # --- one round ------------------------------------------------------------
    async def _decide(
        self, ctx: ExecutionContext, rc: ReActContext, final_only: bool, rethink: bool
    ) -> Answer | ToolAction:
        prompt = rc.prompts.system
        folded = rc.summarized
        user = self._payload(ctx, rc, final_only, rethink, len(prompt))
        if rc.summarized != folded:
            await ctx.emit(
                ContextCompressed(round=rc.round, folded=rc.summarized, summary=rc.summary)
            )
        _, text = await self._call(ctx, rc, Purpose.DECIDE, "react", prompt, user)
        decision = parse_decision(text, final_only=final_only, tool_types=rc.tools.bindings)
        await ctx.emit(decision_made(rc.round, decision))
        return decision

    async def _act(self, ctx: ExecutionContext, rc: ReActContext, action: ToolAction) -> None:
        binding = rc.tools.binding(action.type)
        value = binding.tool.validate_input(action.input)
        key = binding.tool.dedupe_key(value)
        if key in rc.taken:
            # Not executed again; the next round must answer (R-LOOP-4).
            rc.rounds_total = min(rc.rounds_total, rc.round + 1)
            rc.final_reason = REPEATED
            rc.add_error(
                rc.round,
                "Repeated action: already done, see the earlier observation. Answer now.",
                action.type,
            )
            await ctx.emit(
                FailureSeen(
                    round=rc.round,
                    failure="repeated_action",
                    message=f"{action.type} repeated; not re-run",
                )
            )
            return
        if rc.hooks.authorize is not None:
            await rc.hooks.authorize(action, rc)
        rc.taken.add(key)
        outcome = await rc.tools.call(action.type, action.input, validated=value)
        rc.add_outcome(outcome, rc.round)

    async def _call(
        self,
        ctx: ExecutionContext,
        rc: ReActContext,
        purpose: Purpose,
        prompt_key: str,
        system: str,
        user: str,
    ) -> tuple[ModelReply, str]:
        messages = [Message("system", system), Message("user", user)]
        # One answer text across a reply and its continuations: they are one JSON object.
        answer = AnswerText(lambda new: ctx.events.delta(DeltaKind.ANSWER, new))
        call = TracedCall(ctx, rc.round, prompt_key, user, answer.feed)
        reply = await call.model(messages, purpose)
        text = reply.text
        continuations = 0
        while reply.truncated and continuations < MAX_TOKEN_CONTINUATIONS:
            continuations += 1
            messages = [
                *messages[:2],
                Message("assistant", text),
                Message("user", rc.prompts.continuation),
            ]
            reply = await call.model(messages, Purpose.CONTINUE, continuation=continuations)
            text += reply.text
        return reply, text

    # --- request building -------------------------------------------------------
    def _payload(
        self,
        ctx: ExecutionContext,
        rc: ReActContext,
        final_only: bool,
        rethink: bool,
        system_len: int,
    ) -> str:
        budget = history_budget(rc.context_window, system_len // 4 + 1, ctx.output_tokens)
        max_bytes = ctx.input_bytes - system_len
        user = dumps(self._payload_obj(ctx, rc, final_only, rethink))
        if estimate_tokens(user) > budget * COMPRESS_AT or len(user.encode()) > max_bytes:
            user = self._fit(ctx, rc, final_only, rethink, budget, max_bytes)
        return user

    def _payload_obj(
        self, ctx: ExecutionContext, rc: ReActContext, final_only: bool, rethink: bool
    ) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "question": rc.question,
            "round": rc.round,
            "rounds_total": rc.rounds_total,
            "rounds_left": rc.rounds_total - rc.round,
            "final_only": final_only,
            "tools": [] if final_only else rc.tools.catalog(),
            "observations": [o.view() for o in rc.observations[rc.summarized :]],
            "sources": [{"n": i, **s.as_dict()} for i, s in enumerate(rc.sources, 1)],
            "memory": rc.memory,
        }
        if rc.summary:
            payload["summary"] = rc.summary
        if rc.followups:
            payload["followups"] = rc.followups
        if rethink:
            payload["reflection"] = rc.prompts.rethink
        if final_only:
            payload["instruction"] = "Final round: reply with the answer JSON; no tool is run."
            ran_out = stopped(rc.final_reason, list(rc.tools.bindings))
            if ran_out is not None:
                payload["stopped"] = ran_out
        if rc.extra:
            payload.update(rc.extra)
        left = rc.rounds_total - rc.round
        payload["budget"] = budget_left(ctx, left, estimate_tokens(dumps(payload)))
        return payload

    def _fit(
        self,
        ctx: ExecutionContext,
        rc: ReActContext,
        final_only: bool,
        rethink: bool,
        budget: int,
        max_bytes: int,
    ) -> str:
        """Compress older observations, then drop the oldest material until it fits."""

        def render() -> str:
            return dumps(self._payload_obj(ctx, rc, final_only, rethink))

        def fits(text: str) -> bool:
            return estimate_tokens(text) <= budget and len(text.encode()) <= max_bytes

        older = len(rc.observations) - KEEP_RECENT_OBSERVATIONS
        if older > rc.summarized:
            compressor = rc.hooks.compressor or KeyFactsCompressor()
            folded = [o.view() for o in rc.observations[rc.summarized : older]]
            facts = compressor.compress(folded)
            rc.summary = f"{rc.summary}\n{facts}".strip()
            rc.summarized = older
        user = render()
        while not fits(user) and rc.memory:
            rc.memory = rc.memory[1:]
            user = render()
        while not fits(user) and rc.summary:
            rc.summary = rc.summary.split("\n", 1)[1] if "\n" in rc.summary else ""
            user = render()
        while not fits(user) and rc.summarized < len(rc.observations) - 1:
            rc.summarized += 1
            user = render()
        if len(user.encode()) > max_bytes:
            raise AgentError(
                AgentFailure.BUDGET_EXHAUSTED,
                "The model input does not fit in inputBytes even after truncation",
                budget=Budget.INPUT_BYTES,
            )
        return user

    # --- round boundaries -------------------------------------------------------
    def _maybe_rethink(self, ctx: ExecutionContext, rc: ReActContext, initial: int) -> bool:
        """autoRethink (R-X4-1): near the limit, add rounds and ask for a reflection.

        The extension is capped by the model calls left: it never lifts a hard limit.
        """
        if not ctx.policy.auto_rethink:
            return False
        total = rc.rounds_total
        threshold = max(total - 1, math.floor(total * 0.8))
        if rc.round < threshold:
            return False
        extended = total + max(10, initial // 2)
        payable = rc.round - 1 + ctx.remaining(Budget.MODEL_CALLS)
        new_total = min(extended, payable)
        if new_total <= total:
            return False
        rc.rounds_total = new_total
        return True

    async def _claim_inbox(self, ctx: ExecutionContext, rc: ReActContext) -> None:
        if rc.hooks.inbox is None:
            return
        claimed = await rc.hooks.inbox.claim()
        if claimed:
            rc.followups.extend(claimed)
            await ctx.emit(InboxClaimed(round=rc.round, messages=claimed))

    # --- endings ----------------------------------------------------------------
    async def _finish(
        self,
        ctx: ExecutionContext,
        rc: ReActContext,
        answer: Answer,
        *,
        finalized: bool = False,
        failure: AgentError | None = None,
    ) -> LoopResult:
        await ctx.check_state()
        rc.tools.recheck()
        if answer.sources or rc.hooks.review is not None:
            # The citation review is an internal step (R-POL-1).
            ctx.step()
        if rc.hooks.review is not None:
            answer = rc.hooks.review(answer, rc)
        answer = _drop_unobserved(answer, len(rc.sources))
        cited = [rc.sources[n - 1] for n in answer.sources]
        await ctx.emit(
            AnswerGiven(
                text=answer.text,
                sources=[{"n": n, **rc.sources[n - 1].as_dict()} for n in answer.sources],
                cards=rc.cards,
                finalized=finalized,
            )
        )
        if finalized:
            stop = StopReason(
                StopCode.FINALIZED,
                "Answered after a failure, from the evidence gathered",
                failure.failure if failure else None,
                failure.budget if failure else None,
            )
            status = RunStatus.DEGRADED
        elif answer.extra.get("incomplete") and (reason := self._ran_out(ctx, rc)) is not None:
            # The model answered with what it found and said a budget cut it short.
            status, stop = RunStatus.DEGRADED, ran_out_stop(reason)
        else:
            stop = StopReason(StopCode.ANSWERED)
            status = RunStatus.COMPLETED
        return LoopResult(
            status, stop, answer.text, answer, cited, rc.cards, failure, rc.round, rc.rounds_total
        )

    @staticmethod
    def _ran_out(ctx: ExecutionContext, rc: ReActContext) -> str | None:
        """The budget an answer said ``incomplete`` ran out of, if one did."""
        if rc.round >= rc.rounds_total:
            return rc.final_reason if stopped(rc.final_reason, []) is not None else None
        return low_budget(ctx)

    async def _on_error(
        self, ctx: ExecutionContext, rc: ReActContext, error: AgentError
    ) -> LoopResult | None:
        """Decide what a failure means: next round, finalization, or the end."""
        failure = error.failure
        if error.terminal or ctx.cancelled:
            if ctx.cancelled and not error.terminal:
                error = AgentError(ctx.cancel_state.reason or AgentFailure.CANCELLED)
            return await self._stop(ctx, rc, error)
        final_round = rc.round >= rc.rounds_total
        await ctx.emit(
            FailureSeen(round=rc.round, **error.as_dict(), recoverable=failure in rc.recoverable)
        )
        per_round = failure in (AgentFailure.MODEL_INVALID_OUTPUT, AgentFailure.TOOL_INPUT_INVALID)
        if per_round and not final_round:
            # An invalid output consumes the round; the model sees why (R-LOOP-1).
            rc.add_error(rc.round, error.message)
            return None
        if per_round:
            error = AgentError(
                failure,
                f"Maximum rounds reached ({rc.rounds_total})",
                budget=Budget.ROUNDS,
                detail=error.detail,
            )
        # A final-only request that failed is not asked again: that would be a retry.
        if failure in rc.recoverable and rc.evidence and not final_round:
            return await self._finalize(ctx, rc, error)
        return await self._degrade(ctx, rc, error)

    async def _finalize(
        self, ctx: ExecutionContext, rc: ReActContext, error: AgentError
    ) -> LoopResult:
        """At most one finalization call, within what is left of the budget (R-LOOP-5)."""
        rc.rounds_total = rc.round
        rc.final_reason = error.budget.value if error.budget is not None else error.failure.value
        try:
            if rc.hooks.before_decision is not None:
                await rc.hooks.before_decision(rc)
            user = self._payload(ctx, rc, True, False, len(rc.prompts.finalize))
            _, text = await self._call(
                ctx, rc, Purpose.FINALIZE, "finalize", rc.prompts.finalize, user
            )
            answer = parse_decision(text, final_only=True)
            assert isinstance(answer, Answer)
        except AgentError as second:
            if second.terminal or ctx.cancelled:
                return await self._stop(ctx, rc, second)
            await ctx.emit(
                FailureSeen(
                    round=rc.round, **second.as_dict(), recoverable=False, finalization=True
                )
            )
            return await self._degrade(ctx, rc, error)
        await ctx.emit(RunDegraded(failure=error.as_dict(), finalized=True))
        try:
            return await self._finish(ctx, rc, answer, finalized=True, failure=error)
        except AgentError as third:
            if third.terminal or ctx.cancelled:
                return await self._stop(ctx, rc, third)
            return await self._degrade(ctx, rc, third)

    async def _degrade(
        self, ctx: ExecutionContext, rc: ReActContext, error: AgentError
    ) -> LoopResult:
        if rc.hooks.degrade is not None:
            degraded = rc.hooks.degrade(rc, error)
        else:
            degraded = default_degrade(rc, error)
        await ctx.emit(
            RunDegraded(
                failure=error.as_dict(), finalized=False, text=degraded.text, cards=degraded.cards
            )
        )
        status, stop = degraded_stop(error, bool(degraded.cards or degraded.sources))
        return LoopResult(
            status,
            stop,
            degraded.text,
            None,
            degraded.sources,
            degraded.cards,
            error,
            rc.round,
            rc.rounds_total,
        )

    async def _stop(self, ctx: ExecutionContext, rc: ReActContext, error: AgentError) -> LoopResult:
        """Terminal failures end the run at once, with no model call (R-MEM-2)."""
        await ctx.emit(
            FailureSeen(round=rc.round, **error.as_dict(), recoverable=False, terminal=True)
        )
        status, stop = stop_for(error)
        return LoopResult(
            status,
            stop,
            error.message,
            None,
            [],
            rc.cards,
            error,
            rc.round,
            rc.rounds_total,
        )


def ran_out_stop(reason: str | None) -> StopReason:
    """The stop of a run answered in a final round a budget forced, said incomplete."""
    budget = Budget(reason)
    code = StopCode.MAX_ROUNDS if budget is Budget.ROUNDS else StopCode.BUDGET_EXHAUSTED
    return StopReason(
        code,
        f"Answered with what was found before the budget ran out: {budget.value}",
        AgentFailure.BUDGET_EXHAUSTED,
        budget,
    )


def default_degrade(rc: ReActContext, error: AgentError) -> Degraded:
    """Keep the result cards and say the analysis is incomplete (R-LOOP-6); never raw JSON."""
    if rc.cards:
        text = (
            f"The analysis is incomplete ({error.message}). "
            "Here is what was found before it stopped."
        )
        return Degraded(text, list(rc.sources), list(rc.cards))
    return Degraded(f"Sorry, I could not finish this request: {error.message}.")


def _drop_unobserved(answer: Answer, observed: int) -> Answer:
    """Citations of sources the run never observed are dropped, with their markers."""
    kept = tuple(n for n in answer.sources if 1 <= n <= observed)
    text = drop_markers(answer.text, observed)
    if kept == answer.sources and text == answer.text:
        return answer
    return Answer(text, kept, answer.extra)


# "[3]", "[3, 9]", "【3】", "[^3]": a citation marker in an answer's text.
_MARKER = re.compile(r"\s?(?:\[\^?|【)(\d+(?:\s*[,，、]\s*\^?\d+)*)(?:\]|】)")


def drop_markers(text: str, observed: int) -> str:
    """``text`` without the markers (or the numbers in a marker) of unobserved sources."""

    def keep(match: re.Match[str]) -> str:
        numbers = [int(n) for n in re.findall(r"\d+", match.group(1))]
        kept = [n for n in numbers if 1 <= n <= observed]
        if kept == numbers:
            return match.group(0)
        if not kept:
            return ""
        lead = " " if match.group(0)[0].isspace() else ""
        return f"{lead}[{', '.join(map(str, kept))}]"

    return _MARKER.sub(keep, text)


@dataclass(slots=True)
class TracedCall:
    """Model calls with their trace: ``model.started`` before, ``model.called`` after.

    The one way the loop, the router and the chat fallback call the model.
    A call that fails mid-stream (cancel, timeout) still gets its
    ``model.called``, with the partial text and the tokens received.
    """

    ctx: ExecutionContext
    round_no: int
    prompt_key: str
    user: str
    on_text: Callable[[str], None] | None = None

    async def model(
        self,
        messages: list[Message],
        purpose: Purpose,
        *,
        continuation: int = 0,
        json_mode: bool = True,
    ) -> ModelReply:
        announce = ModelStarted(
            round=self.round_no,
            purpose=purpose.value,
            prompt=self.prompt_key,
            continuation=continuation,
        )
        try:
            reply = await self.ctx.model(
                messages, purpose, json_mode=json_mode, on_text=self.on_text, announce=announce
            )
        except AgentError as error:
            if error.partial is not None:
                await emit_model_called(
                    self.ctx,
                    self.round_no,
                    purpose,
                    self.prompt_key,
                    self.user,
                    error.partial,
                    continuation,
                    failure=error,
                )
            raise
        await emit_model_called(
            self.ctx, self.round_no, purpose, self.prompt_key, self.user, reply, continuation
        )
        return reply


def decision_made(round_no: int, decision: ToolAction | Answer) -> DecisionMade:
    """The ``decision`` event of a parsed decision: what else the model's answer object
    carried beyond ``incomplete`` is kept under ``extra``."""
    if isinstance(decision, ToolAction):
        return DecisionMade(round=round_no, type=decision.type, input=decision.input)
    extra = dict(decision.extra)
    said = {"incomplete": extra.pop("incomplete")} if "incomplete" in extra else {}
    return DecisionMade(
        round=round_no,
        type=ANSWER,
        text=decision.text,
        sources=list(decision.sources),
        **said,
        **({"extra": extra} if extra else {}),
    )


def call_metrics(reply: ModelReply) -> dict[str, float | None]:
    """Time to first token (``None`` when not streamed) and output speed (``None`` when no
    model wrote the reply, ``ModelReply.timed``) of one call."""
    ttft = reply.ttft_ms
    writing_ms = reply.latency_ms - ttft if ttft is not None else reply.latency_ms
    measured = reply.timed and writing_ms > 0 and reply.tokens_out
    speed = reply.tokens_out / (writing_ms / 1000) if measured else None
    return {
        "ttft_ms": round(ttft, 3) if ttft is not None else None,
        "tokens_per_s": round(speed, 1) if speed is not None else None,
    }


async def emit_model_called(
    ctx: ExecutionContext,
    round_no: int,
    purpose: Purpose,
    prompt_key: str,
    user: str,
    reply: ModelReply,
    continuation: int = 0,
    *,
    failure: AgentError | None = None,
) -> None:
    """Trace one model call: the exact user JSON sent and the reply, private reasoning removed."""
    text = without_private(reply.text)
    data: dict[str, Any] = {
        "round": round_no,
        "purpose": purpose.value,
        "prompt": prompt_key,
        "request": user if continuation == 0 else None,
        "continuation": continuation,
        "reply": text,
        "tokens_in": reply.tokens_in,
        "tokens_out": reply.tokens_out,
        "latency_ms": round(reply.latency_ms, 3),
        **call_metrics(reply),
        "finish_reason": reply.finish_reason,
        "model": reply.model,
    }
    if failure is not None:
        # The call ended mid-stream: what arrived is kept, and was billed.
        data["partial"] = True
        data["failure"] = failure.failure.value
    await ctx.emit(ModelCalled(**data))
