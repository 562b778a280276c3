"""Field types for the request layer's models: text that can be stored, patterns that match
whole values, and integers and flags read from the text of a query string or a header.

Python's ``$`` also matches before a trailing newline, so ``re.match(r"^…$")``
lets ``"AliceCrafts\\n"`` through; every pattern here is applied with
``fullmatch``. A query string is text: its integers go through the one
integer reader (ASCII digits only), never through ``int()`` or pydantic's
lax conversion (which accepts ``" 1"``, ``"+1"``, ``"1_0"`` and ``"1.0"``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Field, StrictBool, StrictInt, StrictStr

from agentweb.lib.inputs.integers import MAX_INT, BadInteger, parse_int
from agentweb.lib.storable_text import NUL


def _storable(text: str) -> str:
    if NUL in text:
        raise ValueError("must not contain a NUL character (U+0000)")
    return text


# Text a client sends and we may store: a string without NUL.
Text = Annotated[StrictStr, AfterValidator(_storable)]


@dataclass(frozen=True)
class Example:
    """A valid value of a field type: documentation, and where the route-walking test's
    attacks start from (``tests/attacks.py``)."""

    value: Any


def matching(pattern: str, description: str, example: str, *, flags: int = 0) -> Any:
    """A string type the whole of which must match ``pattern`` (no anchors needed)."""
    compiled = re.compile(pattern, flags)
    if not compiled.fullmatch(example):
        raise ValueError(f"the example {example!r} does not match {pattern!r}")

    def check(value: str) -> str:
        if not compiled.fullmatch(value):
            raise ValueError(f"must be {description}")
        return value

    return Annotated[StrictStr, AfterValidator(check), Example(example)]


def fullmatch(pattern: re.Pattern[str], value: object) -> bool:
    """``value`` is a string the whole of which matches ``pattern``."""
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def _integer_text(minimum: int, maximum: int) -> Any:
    def read(value: Any) -> Any:
        if isinstance(value, str):
            try:
                return parse_int(value, name="value", minimum=minimum, maximum=maximum)
            except BadInteger:
                raise ValueError(_range(minimum, maximum)) from None
        return value

    return BeforeValidator(read)


def _range(minimum: int, maximum: int) -> str:
    if maximum == MAX_INT:
        return f"must be an integer of at least {minimum} (ASCII digits)"
    return f"must be an integer from {minimum} to {maximum} (ASCII digits)"


def IntText(minimum: int = 0, maximum: int = MAX_INT) -> Any:
    """An integer written as ASCII digits (a query parameter, a header), in range."""
    return Annotated[StrictInt, _integer_text(minimum, maximum), Field(ge=minimum, le=maximum)]


def Integer(minimum: int = 0, maximum: int = MAX_INT) -> Any:
    """A JSON integer (not a float, a bool or a string), in range."""
    return Annotated[StrictInt, Field(ge=minimum, le=maximum)]


def _flag(value: Any) -> Any:
    if isinstance(value, str):
        if value in ("true", "1"):
            return True
        if value in ("false", "0"):
            return False
        raise ValueError("must be true or false")
    return value


# A yes/no written in a query string: true/false or 1/0.
FlagText = Annotated[StrictBool, BeforeValidator(_flag)]
