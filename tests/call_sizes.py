"""Count how many items each call of a batch function was given (the size of each group)."""

from __future__ import annotations

from typing import Any

import pytest


def record_call_sizes(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> list[int]:
    """Wrap ``owner.name`` (a function of one list) so every call's length is appended to
    the list returned; the calls themselves go through unchanged."""
    sizes: list[int] = []
    original = getattr(owner, name)

    def counted(items: list[Any]) -> Any:
        sizes.append(len(items))
        return original(items)

    monkeypatch.setattr(owner, name, counted)
    return sizes
