"""The observations of a request payload, as the offline planner reads them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Seen:
    """One observation: the tool, its input, its result (or error) and its source numbers."""

    n: int
    tool: str | None
    input: dict[str, Any]
    result: dict[str, Any]
    error: str | None

    @property
    def ok(self) -> bool:
        return self.error is None and bool(self.result)

    @property
    def numbers(self) -> list[int]:
        numbers = self.result.get("source_numbers") or self.result.get("sources") or []
        return [n for n in numbers if isinstance(n, int)]

    def number(self, index: int) -> list[int]:
        """The source number of the ``index``-th entity of the result, if it has one."""
        numbers = self.numbers
        return [numbers[index]] if 0 <= index < len(numbers) else []

    def matches(self, tool: str, **fields: Any) -> bool:
        if self.tool != tool:
            return False
        return all(_same(self.input.get(key), value) for key, value in fields.items())


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, str) and isinstance(b, str):
        return a.strip().casefold() == b.strip().casefold()
    return a == b


def observations(payload: dict[str, Any]) -> list[Seen]:
    seen = []
    for raw in payload.get("observations") or []:
        if not isinstance(raw, dict):
            continue
        result = raw.get("result")
        if isinstance(result, dict) and "data" in result and "sources" in result:
            # A non-dict tool result wrapped with its source numbers by the loop.
            data = result["data"]
            result = {**data, "source_numbers": result["sources"]} if isinstance(data, dict) else {}
        obs = Seen(
            n=int(raw.get("n", len(seen) + 1)),
            tool=raw.get("tool"),
            input=raw.get("input") if isinstance(raw.get("input"), dict) else {},
            result=result if isinstance(result, dict) else {},
            error=raw.get("error"),
        )
        seen.append(obs)
        seen.extend(_each_name(obs))
    return seen


def _each_name(obs: Seen) -> list[Seen]:
    """A lookup of several names (``item.source`` with a list) as one observation per
    name, each with the source number of its item (items found, in the order asked)."""
    names = obs.input.get("item")
    results = obs.result.get("results")
    if not isinstance(names, list) or not isinstance(results, list) or obs.error:
        return []
    numbers = iter(obs.numbers)
    parts = []
    for name, result in zip(names, results, strict=False):
        if not isinstance(result, dict):
            continue
        found = [next(numbers, None)] if result.get("found") else []
        result = {**result, "source_numbers": [n for n in found if n is not None]}
        part_input = {**obs.input, "item": name}
        parts.append(Seen(obs.n, obs.tool, part_input, result, None))
    return parts


def last(seen: list[Seen], tool: str, **fields: Any) -> Seen | None:
    for s in reversed(seen):
        if s.matches(tool, **fields):
            return s
    return None


def tried(seen: list[Seen], tool: str, **fields: Any) -> bool:
    return last(seen, tool, **fields) is not None
