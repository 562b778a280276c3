"""What a message must be before a run starts: not empty, small enough, allowed options.

A message that can never fit into a workflow's first model call is refused at
submit (``message_too_large``), not failed later; options above the player's
ceiling are refused as ``bad_options`` (R-X4-3).
"""

from __future__ import annotations

import time
from typing import Any

from agentweb.assistant import config
from agentweb.assistant.errors import ServiceError
from agentweb.engine.options import OptionsError, check_allowed, loosest, parse_options
from agentweb.engine.policy import ROUTABLE
from agentweb.engine.protocol import dumps
from agentweb.workflows.runner import ROUTER_POLICY

# The limit is read for every message; a policy edit reaches it within this time.
MESSAGE_LIMIT_TTL_S = 5.0
_message_limit: list[float] = []  # [read at, limit]


# The model input around a question when nothing else is in it yet: the JSON
# keys and values of a first round with no tools, observations or memory.
REQUEST_SKELETON_BYTES = 512


def message_limit() -> int:
    """The largest message that can fit into every workflow's first model call (SPEC §3).

    A model input is at most ``inputBytes``; it holds the system prompt and
    the question JSON-encoded, so a message that cannot fit beside the
    largest prompt of the smallest budget is refused here, not failed later.
    """
    now = time.monotonic()
    if _message_limit and now - _message_limit[0] < MESSAGE_LIMIT_TTL_S:
        return int(_message_limit[1])
    policy = config.policy_lookup()
    prompt = max((len(p.encode("utf-8")) for p in config.snapshot().prompts.values()), default=0)
    budget = min(min(policy(w).input_bytes for w in ROUTABLE), ROUTER_POLICY.input_bytes)
    limit = max(0, budget - prompt - REQUEST_SKELETON_BYTES)
    _message_limit[:] = [now, limit]
    return limit


def message_size(text: str) -> int:
    """The bytes the message takes in a model input (JSON-encoded, like the engine does)."""
    return len(dumps({"q": text}).encode("utf-8")) - len('{"q":""}')


def validate_text(text: Any) -> str:
    if not isinstance(text, str) or not text.strip():
        raise ServiceError("empty_message", "The message is empty.")
    limit = message_limit()
    size = message_size(text)
    if size > limit:
        raise ServiceError(
            "message_too_large", f"The message is {size} bytes; the limit is {limit} bytes.", 413
        )
    return text.strip()


def validate_options(user: Any, raw: Any) -> dict[str, Any]:
    """A request's options (R-X4-3), checked before anything starts; ``{}`` for none."""
    try:
        options = parse_options(raw)
        if not options.requested():
            return {}
        policies = config.policy_lookup()
        check_allowed(
            options,
            staff=config.is_staff(user),
            ceiling=config.option_ceiling(),
            loosest=loosest([policies(w) for w in ROUTABLE]),
        )
    except OptionsError as exc:
        raise ServiceError("bad_options", str(exc)) from None
    return options.requested()
