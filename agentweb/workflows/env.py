"""What a run needs from the outside world, and what it gives back."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from agentweb.engine import (
    ExecutionContext,
    ExecutionPolicy,
    Guard,
    ModelProvider,
    RunStatus,
    Source,
    StopReason,
    ToolRegistry,
)
from agentweb.engine.events import EventSink
from agentweb.engine.loop import DEFAULT_CONTEXT_WINDOW, Inbox, Prompts
from agentweb.engine.options import RunOptions, apply_options
from agentweb.engine.policy import CHAT, FREE_CHAT, QUESTION, REASONING
from agentweb.engine.tools import Confirmer, ModuleStates
from agentweb.research.search import SearchBackend
from agentweb.workflows.names import NameService

WORKFLOW_DESCRIPTIONS = {
    REASONING: "questions that need several server lookups combined "
    "(a quest's requirements, then where an item comes from)",
    QUESTION: "knowledge questions answered from the server's knowledge base, "
    "or from the web when allowed",
    FREE_CHAT: "requests to do something in the game (sign in, buy, claim a reward), "
    "with lookups as needed",
    CHAT: "small talk and anything else",
}


@dataclass(slots=True)
class DirectAnswer:
    """A deterministic command or a local direct hit: answered with no model call."""

    text: str
    command: str
    cards: list[dict[str, Any]] = field(default_factory=list)
    sources: list[Source] = field(default_factory=list)
    # Writes the command made (tool, module, input, output), traced so undo can revert them.
    writes: list[dict[str, Any]] = field(default_factory=list)


@dataclass(slots=True)
class Request:
    text: str
    allow_web: bool = False
    memory: list[dict[str, Any]] = field(default_factory=list)
    # Set when the player chose the workflow (``/reason …``, ``分析 …``): no router call.
    workflow: str | None = None
    # The request's own options (R-X4-3), applied to a copy of the workflow's policy;
    # ``staff`` may raise them (already checked against the admin's ceiling).
    options: RunOptions | None = None
    staff: bool = False
    # The things the question names, once looked up (``agentweb.workflows.names``).
    entities: list[dict[str, Any]] | None = None

    def policy_for(self, policy: ExecutionPolicy) -> tuple[ExecutionPolicy, list[str]]:
        """The run's copy of its workflow's policy, and the fields its options changed."""
        if self.options is None:
            return policy, []
        return apply_options(policy, self.options, staff=self.staff)


@dataclass(slots=True)
class Environment:
    registry: ToolRegistry
    modules: ModuleStates
    prompts: dict[str, str]
    policy: Callable[[str], ExecutionPolicy]
    model: ModelProvider
    sink: EventSink
    guards: Sequence[Guard] = ()
    principal: Any = None
    # The search module is available (a backend) and the external service is on.
    search: SearchBackend | None = None
    web_enabled: bool = False
    confirmer: Confirmer | None = None
    inbox: Inbox | None = None
    direct: Callable[[str], Awaitable[DirectAnswer | None]] | None = None
    context_window: int = DEFAULT_CONTEXT_WINDOW
    # Set by the runner once the request's context exists, so a caller can cancel it.
    on_context: Callable[[ExecutionContext], None] | None = None
    # Told the workflow once it is chosen (billing labels its ledger rows with it).
    on_route: Callable[[str], None] | None = None
    # The game's name index: the question's entities, names in the player's language.
    names: NameService | None = None

    def loop_prompts(self, system_key: str) -> Prompts:
        p = self.prompts
        return Prompts(
            system=p[system_key],
            finalize=p["finalize"],
            rethink=p["rethink"],
            continuation=p["continue"],
        )


@dataclass(slots=True)
class RunOutcome:
    workflow: str
    status: RunStatus
    stop: StopReason
    text: str
    sources: list[Source] = field(default_factory=list)
    cards: list[dict[str, Any]] = field(default_factory=list)
    usage: dict[str, Any] = field(default_factory=dict)
    # The number each source had in the run (answers cite these), in ``sources`` order.
    source_numbers: list[int] = field(default_factory=list)
