"""The ReAct loop engine: pure Python, no Django.

Read it in this order: ``policy`` (budgets), ``failures`` (typed errors),
``context`` (the request kernel), ``tools`` (definitions, registry, per-loop
bindings), ``protocol`` (request JSON and reply parsing), ``loop`` (rounds,
degradation), ``events`` (the trace), ``model`` (the provider interface).
"""

from agentweb.engine.context import ExecutionContext, Guard, ToolCallInfo, Usage
from agentweb.engine.events import Event, EventKind, EventLog, EventSink, ListSink, NullSink
from agentweb.engine.failures import (
    DEFAULT_RECOVERABLE,
    TERMINAL_FAILURES,
    AgentError,
    AgentFailure,
    Budget,
)
from agentweb.engine.loop import (
    Degraded,
    LoopHooks,
    LoopResult,
    Observation,
    Prompts,
    ReActContext,
    ReActLoop,
)
from agentweb.engine.model import (
    Message,
    ModelProvider,
    ModelReply,
    ModelRequest,
    Purpose,
    ScriptedModel,
)
from agentweb.engine.outcome import RunStatus, StopCode, StopReason, stop_for
from agentweb.engine.policy import (
    MODULE_DEFAULTS,
    ExecutionPolicy,
    FieldError,
    PolicyInvalid,
    validate_policy,
)
from agentweb.engine.protocol import Answer, ToolAction
from agentweb.engine.tools import (
    AllModules,
    ReActTool,
    Source,
    ToolBinding,
    ToolCall,
    ToolContext,
    ToolOutcome,
    ToolRegistrationError,
    ToolRegistry,
)

__all__ = [
    "DEFAULT_RECOVERABLE",
    "MODULE_DEFAULTS",
    "TERMINAL_FAILURES",
    "AgentError",
    "AgentFailure",
    "AllModules",
    "Answer",
    "Budget",
    "Degraded",
    "Event",
    "EventKind",
    "EventLog",
    "EventSink",
    "ExecutionContext",
    "ExecutionPolicy",
    "FieldError",
    "Guard",
    "ListSink",
    "LoopHooks",
    "LoopResult",
    "Message",
    "ModelProvider",
    "ModelReply",
    "ModelRequest",
    "NullSink",
    "Observation",
    "PolicyInvalid",
    "Prompts",
    "Purpose",
    "ReActContext",
    "ReActLoop",
    "ReActTool",
    "RunStatus",
    "ScriptedModel",
    "Source",
    "StopCode",
    "StopReason",
    "ToolAction",
    "ToolBinding",
    "ToolCall",
    "ToolCallInfo",
    "ToolContext",
    "ToolOutcome",
    "ToolRegistrationError",
    "ToolRegistry",
    "Usage",
    "stop_for",
    "validate_policy",
]
