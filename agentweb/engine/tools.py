"""Tools the loop may call (SPEC §6).

A ``ReActTool`` is a definition: type name, pydantic input model, handler,
owner module, and how its result is shown (observation projection, card,
sources). The ``ToolRegistry`` holds every definition; a ``ToolContext``
freezes, for one loop, which handler and which owner instance serve each
type, and re-checks them around every use (R-LOOP-9).
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, get_type_hints

from pydantic import BaseModel, ValidationError

from agentweb.engine.context import ToolCallInfo
from agentweb.engine.events import ActionConfirmed, ActionPending, ToolFinished, ToolStarted
from agentweb.engine.failures import AgentError, AgentFailure
from agentweb.engine.policy import ExecutionPolicy

if TYPE_CHECKING:
    from agentweb.engine.context import ExecutionContext

InT = TypeVar("InT", bound=BaseModel)
OutT = TypeVar("OutT")


class ToolRegistrationError(ValueError):
    """A tool definition that breaks a registration rule (R-TOOL-2)."""


@dataclass(frozen=True, slots=True)
class Source:
    """Something an answer can cite by its 1-based number."""

    title: str
    url: str = ""
    kind: str = "local"
    snippet: str = ""

    def as_dict(self) -> dict[str, str]:
        return {"title": self.title, "url": self.url, "kind": self.kind, "snippet": self.snippet}


@dataclass(frozen=True, eq=False)
class ReActTool(Generic[InT, OutT]):
    """One tool action. ``handler(input, call)`` returns the full typed result."""

    type: str
    description: str
    input_model: type[InT] | None
    handler: Callable[[InT, ToolCall], Awaitable[OutT]]
    module: str = "core"
    writes: bool = False
    reasoning_description: str | None = None
    dedupe: Callable[[InT], Hashable] | None = None
    observe: Callable[[OutT], Any] | None = None
    card: Callable[[OutT], dict[str, Any] | None] | None = None
    sources: Callable[[InT, OutT], list[Source]] | None = None
    # Undo reverts a write step through this (R-MEM-1); input, result, call. It returns
    # what it reverted, in a sentence for the player ("Refunded 10 coins; …"), or None
    # when there was nothing left to revert; it raises when it cannot revert.
    compensate: Callable[[InT, OutT, ToolCall], Awaitable[str | None]] | None = None
    # Text the player sees before approving a write (R-FREE-2).
    confirm_text: Callable[[InT], str] | None = None
    # The result's pydantic model, to rebuild a stored result for compensation.
    output_model: type[BaseModel] | None = None

    def for_reasoning(self, description: str) -> ReActTool[InT, OutT]:
        """Offer this tool to ``system:reasoning`` (R-TOOL-2): read-only, with a schema."""
        _check_reasoning(self.type, self.writes, self.input_model)
        return replace(self, reasoning_description=description)

    @property
    def for_reasoning_declared(self) -> bool:
        return self.reasoning_description is not None

    @cached_property
    def input_schema(self) -> dict[str, Any]:
        if self.input_model is None:
            return {"type": "object", "properties": {}}
        return self.input_model.model_json_schema()

    def validate_input(self, raw: Any) -> InT:
        if self.input_model is None:
            raise AgentError(AgentFailure.TOOL_INPUT_INVALID, f"{self.type} takes no input")
        try:
            return self.input_model.model_validate(raw)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(map(str, e['loc'])) or 'input'}: {e['msg']}" for e in exc.errors()
            )
            raise AgentError(
                AgentFailure.TOOL_INPUT_INVALID,
                f"Invalid input for {self.type}: {problems}",
                detail={"tool": self.type},
            ) from None

    def restore_output(self, data: Any) -> Any:
        """A stored (JSON) result as the typed value the handler returned (for undo)."""
        model = self.output_model or _annotated_output(self.compensate)
        if model is not None and isinstance(data, dict):
            return model.model_validate(data)
        return data

    def dedupe_key(self, value: InT) -> Hashable:
        if self.dedupe is not None:
            return (self.type, self.dedupe(value))
        return (self.type, json.dumps(value.model_dump(mode="json"), sort_keys=True))

    def project(self, output: OutT) -> Any:
        if self.observe is not None:
            return self.observe(output)
        if isinstance(output, BaseModel):
            return output.model_dump(mode="json", exclude_none=True)
        return output


def _check_reasoning(tool_type: str, writes: bool, input_model: Any) -> None:
    if writes:
        raise ToolRegistrationError(
            f"{tool_type}: a write tool cannot be declared for_reasoning (only read-only tools)"
        )
    if input_model is None:
        raise ToolRegistrationError(f"{tool_type}: for_reasoning needs an input schema")


class ModuleStates(Protocol):
    """Which module instance serves a player: ``None`` means disabled.

    Instances are compared with ``==``: a value such as ``(module, config_version)``
    changes when an admin reconfigures the module, which ends a running loop.
    """

    def instance(self, module: str) -> object | None: ...


class AllModules:
    """Every module enabled, each with one fixed instance (tests, benchmarks)."""

    def __init__(self, instances: Mapping[str, object] | None = None) -> None:
        self._instances = dict(instances or {})

    def instance(self, module: str) -> object | None:
        return self._instances.setdefault(module, object())

    def set(self, module: str, instance: object | None) -> None:
        self._instances[module] = instance


@dataclass(frozen=True, slots=True)
class ToolBinding:
    """A tool frozen for one loop: its definition and the owner instance serving it."""

    tool: ReActTool[Any, Any]
    owner: object


class ToolRegistry:
    """Every tool definition, by type; several modules may offer the same type."""

    def __init__(self) -> None:
        self._by_type: dict[str, list[ReActTool[Any, Any]]] = {}

    def register(self, tool: ReActTool[Any, Any]) -> ReActTool[Any, Any]:
        if tool.for_reasoning_declared:
            _check_reasoning(tool.type, tool.writes, tool.input_model)
        offers = self._by_type.setdefault(tool.type, [])
        if any(existing.module == tool.module for existing in offers):
            raise ToolRegistrationError(f"{tool.type} is already registered by {tool.module}")
        offers.append(tool)
        return tool

    def types(self) -> list[str]:
        return sorted(self._by_type)

    def reasoning_types(self) -> list[str]:
        return sorted(
            t
            for t, offers in self._by_type.items()
            if any(o.for_reasoning_declared for o in offers)
        )

    def definitions(self) -> list[ReActTool[Any, Any]]:
        return [tool for offers in self._by_type.values() for tool in offers]

    def resolve(self, tool_type: str, modules: ModuleStates) -> ToolBinding | None:
        """The binding that serves ``tool_type`` for a player, or None when no owner is enabled."""
        for tool in self._by_type.get(tool_type, ()):
            owner = modules.instance(tool.module)
            if owner is not None:
                return ToolBinding(tool, owner)
        return None


class Confirmer(Protocol):
    """Asks the player to approve a write before it happens (R-FREE-2).

    A confirmer whose decisions arrive from elsewhere (a row a player's request
    updates) may also have ``async def prepare(call, text) -> None``: it is awaited
    before ``action.pending`` is sent, so a player who answers the moment the
    question shows can never answer a question the confirmer does not know yet.
    """

    async def confirm(self, call: ToolCall, text: str) -> bool: ...


@dataclass(slots=True)
class ToolOutcome:
    """What one tool call produced: the full typed result and the views of it."""

    tool_type: str
    input: Any
    output: Any
    observation: Any
    step_id: str
    card: dict[str, Any] | None = None
    sources: list[Source] = field(default_factory=list)
    executed: bool = True
    latency_ms: float = 0.0


@dataclass(slots=True)
class ToolCall:
    """Handed to a handler: its step id, the request context and the loop's tools."""

    step_id: str
    ctx: ExecutionContext
    tools: ToolContext
    binding: ToolBinding

    @property
    def owner(self) -> object:
        return self.binding.owner

    async def call(self, tool_type: str, raw_input: Any) -> ToolOutcome:
        """Call another tool of the same loop, through the same kernel (R-TOOL-5)."""
        return await self.tools.call(tool_type, raw_input)


class ToolContext:
    """The tools of one loop, frozen when the loop starts (R-LOOP-9)."""

    def __init__(
        self,
        ctx: ExecutionContext,
        bindings: Mapping[str, ToolBinding],
        modules: ModuleStates,
        *,
        confirmer: Confirmer | None = None,
        catalog_description: Callable[[ReActTool[Any, Any]], str] | None = None,
        nested: Mapping[str, ExecutionPolicy] | None = None,
        state: dict[str, Any] | None = None,
    ) -> None:
        self.ctx = ctx
        self.bindings = dict(bindings)
        self.modules = modules
        self.confirmer = confirmer
        # Tools that run as nested executions under their own workflow's policy (R-FREE-1).
        self.nested = dict(nested or {})
        # Per-loop facts tools share, e.g. the URLs this run's searches returned.
        self.state: dict[str, Any] = {} if state is None else state
        self.prefix = ctx.step_prefix
        self._describe = catalog_description or (lambda tool: tool.description)
        self._steps = 0
        self._writes = 0
        self.used: set[str] = set()
        self._catalog: list[dict[str, Any]] | None = None

    @classmethod
    def bind(
        cls,
        ctx: ExecutionContext,
        registry: ToolRegistry,
        types: Iterable[str],
        modules: ModuleStates,
        **kwargs: Any,
    ) -> ToolContext:
        """Freeze the bindings of ``types`` that are enabled for this player."""
        bindings = {}
        for tool_type in types:
            binding = registry.resolve(tool_type, modules)
            if binding is not None:
                bindings[tool_type] = binding
        return cls(ctx, bindings, modules, **kwargs)

    @classmethod
    def for_reasoning(
        cls, ctx: ExecutionContext, registry: ToolRegistry, modules: ModuleStates, **kwargs: Any
    ) -> ToolContext:
        """Only the tools declared ``for_reasoning``; never any other (R-TOOL-2)."""
        bindings = {}
        for tool_type in registry.reasoning_types():
            binding = registry.resolve(tool_type, modules)
            if binding is not None and binding.tool.for_reasoning_declared:
                bindings[tool_type] = binding
        kwargs.setdefault("catalog_description", _reasoning_description)
        return cls(ctx, bindings, modules, **kwargs)

    def tools(self, *types: str) -> ToolContext:
        """The subset of this loop's declared tools (R-TOOL-5); unknown types are an error."""
        missing = [t for t in types if t not in self.bindings]
        if missing:
            raise AgentError(
                AgentFailure.PERMISSION_DENIED, f"Tools not declared for this workflow: {missing}"
            )
        return ToolContext(
            self.ctx,
            {t: self.bindings[t] for t in types},
            self.modules,
            confirmer=self.confirmer,
            catalog_description=self._describe,
            nested={t: p for t, p in self.nested.items() if t in types},
            state=self.state,
        )

    def __contains__(self, tool_type: str) -> bool:
        return tool_type in self.bindings

    def catalog(self) -> list[dict[str, Any]]:
        """The tool list sent to the model: type, description, input schema."""
        if self._catalog is None:
            self._catalog = [
                {
                    "type": t,
                    "description": self._describe(b.tool),
                    "input_schema": b.tool.input_schema,
                }
                for t, b in self.bindings.items()
            ]
        return self._catalog

    def next_step_id(self, writes: bool) -> str:
        if writes:
            self._writes += 1
            return f"{self.prefix}.w{self._writes}"
        self._steps += 1
        return f"{self.prefix}.s{self._steps}"

    def recheck(self, types: Iterable[str] | None = None) -> None:
        """Every (used) tool's owner must still be the same enabled instance."""
        for tool_type in self.used if types is None else types:
            binding = self.bindings[tool_type]
            if self.modules.instance(binding.tool.module) != binding.owner:
                raise AgentError(
                    AgentFailure.MODULE_INVALIDATED,
                    f"Module {binding.tool.module} was disabled or reconfigured during the run",
                    detail={"tool": tool_type, "module": binding.tool.module},
                )

    def binding(self, tool_type: str) -> ToolBinding:
        try:
            return self.bindings[tool_type]
        except KeyError:
            raise AgentError(
                AgentFailure.MODEL_INVALID_OUTPUT, f"Unknown tool {tool_type!r}"
            ) from None

    def _in_language(self, value: Any) -> Any:
        """``value`` with the run's language where the tool takes one and the caller left it
        unset: a tool names things in the player's language without the model saying it."""
        language = self.ctx.language
        fields = getattr(type(value), "model_fields", {})
        if language is None or "language" not in fields or value.language is not None:
            return value
        return value.model_copy(update={"language": language})

    async def call(self, tool_type: str, raw_input: Any, *, validated: Any = None) -> ToolOutcome:
        """Validate, confirm if it writes, run through the kernel, re-check the owner."""
        binding = self.binding(tool_type)
        tool = binding.tool
        value = self._in_language(
            validated if validated is not None else tool.validate_input(raw_input)
        )
        ctx = self.ctx
        if tool_type in self.nested:
            # A nested execution: shared counters, limits only tighten, own step ids.
            ctx = ctx.child(self.nested[tool_type])
            step_id = f"{ctx.step_prefix}.{'w' if tool.writes else 's'}1"
        else:
            step_id = self.next_step_id(tool.writes)
        call = ToolCall(step_id, ctx, self, binding)
        input_json = value.model_dump(mode="json")
        if tool.writes and not await self._confirmed(call, tool, value, input_json):
            return ToolOutcome(
                tool_type,
                value,
                None,
                {"rejected": True, "message": "The player declined this action."},
                step_id,
                executed=False,
            )
        # The player's state and the owner, checked once right before the call
        # (after the confirmation, which may have taken a while).
        await ctx.check_state()
        self.recheck((tool_type,))
        await ctx.emit(
            ToolStarted(step_id=step_id, tool=tool_type, input=input_json, writes=tool.writes)
        )
        started = time.perf_counter()
        info = ToolCallInfo(tool_type, tool.module, tool.writes, step_id)
        output = await ctx.run_tool(info, lambda: tool.handler(value, call), state_checked=True)
        latency = (time.perf_counter() - started) * 1000
        self.used.add(tool_type)
        outcome = ToolOutcome(
            tool_type,
            value,
            output,
            tool.project(output),
            step_id,
            card=tool.card(output) if tool.card else None,
            sources=tool.sources(value, output) if tool.sources else [],
            latency_ms=latency,
        )
        await ctx.emit(
            ToolFinished(
                step_id=step_id,
                tool=tool_type,
                module=tool.module,
                input=input_json,
                observation=outcome.observation,
                output=_jsonable(output),
                card=outcome.card,
                latency_ms=round(latency, 3),
                writes=tool.writes,
            )
        )
        # After tool.finished: a write that committed is in the trace (and can be
        # compensated) even when the run was stopped while it ran.
        self.recheck((tool_type,))
        await ctx.check_state()
        return outcome

    async def _confirmed(
        self, call: ToolCall, tool: ReActTool[Any, Any], value: Any, input_json: dict[str, Any]
    ) -> bool:
        if self.confirmer is None:
            raise AgentError(
                AgentFailure.PERMISSION_DENIED,
                f"{tool.type} changes the game state and needs the player's confirmation",
            )
        text = tool.confirm_text(value) if tool.confirm_text else f"{tool.type} {input_json}"
        prepare = getattr(self.confirmer, "prepare", None)
        if prepare is not None:
            await prepare(call, text)
        await self.ctx.emit(
            ActionPending(
                action_id=call.step_id,
                step_id=call.step_id,
                tool=tool.type,
                input=input_json,
                text=text,
            ),
        )
        approved = await self.confirmer.confirm(call, text)
        await self.ctx.emit(
            ActionConfirmed(action_id=call.step_id, decision="approve" if approved else "reject")
        )
        return approved


def _annotated_output(fn: Any) -> type[BaseModel] | None:
    """The result type a compensation declares for its second parameter, if a model."""
    if fn is None:
        return None
    try:
        hints = list(get_type_hints(fn).values())
    except (NameError, TypeError):
        return None
    if len(hints) >= 2 and isinstance(hints[1], type) and issubclass(hints[1], BaseModel):
        return hints[1]
    return None


def _reasoning_description(tool: ReActTool[Any, Any]) -> str:
    return tool.reasoning_description or tool.description


def _jsonable(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    return value
