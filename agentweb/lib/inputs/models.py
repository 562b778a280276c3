"""The base models of every input, and how a refused one is told.

``Input``: a JSON object a client sends (a request body, a websocket frame).
Strict: a number is not a string, ``1.0`` is not an integer, ``"true"`` is
not a boolean. Fields not named are ignored (htmx's websocket extension adds
a ``HEADERS`` object to every frame).

``Params``: what arrives as text — a query string, a form, headers, a path
part. Its fields use the text types of ``fields.py`` (``IntText``,
``FlagText``, ``matching``), which read the text strictly; a plain ``int``
field refuses every value, so a mistake fails closed.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from agentweb.lib.inputs.errors import InputError
from agentweb.lib.inputs.json_text import read_json

# A field's place is named in the error; a client's dictionary key can be long.
MAX_WHERE = 100


class Input(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True, frozen=True)


class Params(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True, frozen=True)


def validate(
    model: type[BaseModel] | TypeAdapter[Any], value: Any, *, what: str, field_code: str
) -> Any:
    """``value`` validated by ``model``, or ``InputError(field_code)`` naming the field."""
    try:
        if isinstance(model, TypeAdapter):
            return model.validate_python(value)
        return model.model_validate(value)
    except ValidationError as exc:
        raise refusal(exc, what=what, field_code=field_code) from None


def parse_json(
    model: type[BaseModel] | TypeAdapter[Any], raw: str | bytes, *, what: str, field_code: str
) -> Any:
    """JSON text through the one reader (``read_json``), then ``model``."""
    value = read_json(raw, what=what, field_code=field_code)
    return validate(model, value, what=what, field_code=field_code)


def refusal(exc: ValidationError, *, what: str, field_code: str) -> InputError:
    """The first error of ``exc`` as a sentence naming the field (never echoing its value)."""
    first = exc.errors(include_url=False, include_input=False)[0]
    kind = first["type"]
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return InputError(field_code, f"The {what} must be a JSON object.")
    if kind in ("union_tag_not_found", "union_tag_invalid"):
        return InputError("unknown_type", "Unknown or missing frame type.")
    where = ".".join(str(p) for p in first["loc"])[:MAX_WHERE] or what
    # A rule of ours says why itself (without pydantic's "Value error, " before it).
    why = first.get("ctx", {}).get("error") if kind == "value_error" else None
    return InputError(field_code, f"{where}: {why or first['msg']}")
