"""Keeping the model input within its budget (R-X3-5, R-X4-2).

Two tools, applied in this order when a request would not fit:
1. compression: older observations are folded into a key-facts block while
   the most recent ones stay verbatim;
2. truncation: the oldest material goes first (memory, then the key facts,
   then the oldest verbatim observations) until the input fits.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol

from agentweb.engine.tokens import estimate_tokens

# Never plan a history budget below this many tokens (R-X3-5).
MIN_HISTORY_TOKENS = 4096
# Head-room for the request's own framing and the provider's template.
SAFETY_TOKENS = 1024
# Observations kept verbatim when older ones are compressed.
KEEP_RECENT_OBSERVATIONS = 2
# Compress once the estimated input passes this share of the budget.
COMPRESS_AT = 0.75
# Length of one key fact in the compressed block.
FACT_CHARS = 240


def history_budget(context_window: int, system_tokens: int, max_output_tokens: int) -> int:
    """Tokens left for the user JSON: window − system − reply − 1024, never below 4096."""
    budget = context_window - system_tokens - max_output_tokens - SAFETY_TOKENS
    return max(budget, MIN_HISTORY_TOKENS)


class Compressor(Protocol):
    """Folds older observations into a summary (key facts) the model still sees."""

    def compress(self, observations: list[dict[str, Any]]) -> str: ...


class KeyFactsCompressor:
    """One line per observation: the tool, its input and the start of its result."""

    def compress(self, observations: list[dict[str, Any]]) -> str:
        lines = []
        for obs in observations:
            head = f"[{obs.get('n')}] {obs.get('tool', 'note')} {_short(obs.get('input'))}"
            body = obs.get("result", obs.get("error", ""))
            lines.append(f"{head} → {_short(body, FACT_CHARS)}")
        return "\n".join(lines)


def _short(value: Any, limit: int = 120) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def fit_memory(
    render: Callable[[list[dict[str, Any]]], str],
    memory: list[dict[str, Any]],
    *,
    budget_tokens: int,
    max_bytes: float,
) -> str:
    """``render(memory)``, the oldest exchanges dropped until it fits the window and bytes.

    For the one-call requests (router, chat fallback); the loop fits its own
    payload, observations included (``ReActLoop._fit``).
    """
    kept = list(memory)
    text = render(kept)
    while kept and (estimate_tokens(text) > budget_tokens or len(text.encode()) > max_bytes):
        kept = kept[1:]
        text = render(kept)
    return text
