"""Crafted input, derived from the request layer's models: what the route walker sends.

Every field of a declared model (``@reads`` on a view, a websocket frame type)
gets the crafted values its type must refuse: non-ASCII digits (``²``, ``①``,
``١٢``), signs, spaces, underscores and trailing newlines in integers, numbers
too large for any column, wrong JSON types, lone surrogates, NUL characters,
trailing newlines after whole-value patterns, values longer than allowed —
and every body the ones a JSON reader must refuse (deep nesting, broken
UTF-8, ``NaN``, a list for an object, more bytes than the limit).

A field of a type this module does not know raises ``Uncovered``: a new kind
of input fails the walk until its attacks are written here.
"""

from __future__ import annotations

import json
import types
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import annotated_types
from pydantic import BaseModel

from agentweb.lib.inputs.fields import Example
from agentweb.lib.inputs.json_text import MAX_DEPTH


class Uncovered(TypeError):
    """A field type the walker has no attacks for."""


@dataclass(frozen=True)
class Shape:
    """What a field holds, as far as crafting bad values for it goes."""

    kind: str  # int, bool, str, literal, uuid, list, dict, model, any
    optional: bool = False
    minimum: int | None = None
    maximum: int | None = None
    max_length: int | None = None
    min_length: int | None = None
    patterned: bool = False
    choices: tuple[Any, ...] = ()
    example: Any = None
    item: Shape | None = None
    model: type[BaseModel] | None = None
    metadata: tuple[Any, ...] = field(default=(), repr=False)


def shape_of(annotation: Any, metadata: tuple[Any, ...] = ()) -> Shape:
    origin, args = get_origin(annotation), get_args(annotation)
    if origin in (Union, types.UnionType):
        present = [a for a in args if a is not type(None)]
        if len(present) != 1:
            raise Uncovered(f"a union of several types: {annotation!r}")
        return replace(shape_of(present[0], metadata), optional=len(present) < len(args))
    if origin is Annotated:
        return shape_of(args[0], tuple(args[1:]) + tuple(metadata))
    shape = _base_shape(annotation, origin, args)
    return _constrained(shape, metadata)


def _base_shape(annotation: Any, origin: Any, args: tuple[Any, ...]) -> Shape:
    if annotation is bool:
        return Shape("bool", example=False)
    if annotation is int:
        return Shape("int")
    if annotation is str:
        return Shape("str", example="x")
    if annotation is uuid.UUID:
        return Shape("uuid", patterned=True)
    if annotation is Any:
        return Shape("any")
    if origin is Literal:
        return Shape("literal", choices=args, example=args[0], patterned=True)
    if origin is list:
        item = shape_of(args[0]) if args else Shape("any")
        return Shape("list", item=item, example=[])
    if origin is dict:
        return Shape("dict", item=shape_of(args[1]) if args else Shape("any"), example={})
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return Shape("model", model=annotation, example=valid_example(annotation))
    raise Uncovered(f"no attacks for fields of type {annotation!r}: add them to tests/attacks.py")


def _constrained(shape: Shape, metadata: tuple[Any, ...]) -> Shape:
    for item in metadata:
        for constraint in getattr(item, "metadata", [item]):
            shape = _with(shape, constraint)
    return shape


def _with(shape: Shape, constraint: Any) -> Shape:
    if isinstance(constraint, Example):
        return replace(shape, example=constraint.value, patterned=True)
    if isinstance(constraint, annotated_types.Ge):
        return replace(shape, minimum=constraint.ge)
    if isinstance(constraint, annotated_types.Le):
        return replace(shape, maximum=constraint.le)
    if isinstance(constraint, annotated_types.MaxLen):
        return replace(shape, max_length=constraint.max_length)
    if isinstance(constraint, annotated_types.MinLen):
        return replace(shape, min_length=constraint.min_length)
    return shape


def fields(model: type[BaseModel]) -> Iterator[tuple[str, Shape, bool]]:
    """Each field of ``model``: its name as sent (alias), its shape, whether it is required."""
    for name, info in model.model_fields.items():
        shape = _constrained(shape_of(info.annotation), tuple(info.metadata))
        yield info.alias or name, shape, info.is_required()


def valid_example(model: type[BaseModel]) -> dict[str, Any]:
    """The model's first declared example, else its required fields' example values."""
    extra = model.model_config.get("json_schema_extra") or {}
    examples = extra.get("examples") if isinstance(extra, dict) else None
    if examples:
        return dict(examples[0])
    return {name: example_value(shape) for name, shape, required in fields(model) if required}


def example_value(shape: Shape) -> Any:
    if shape.example is not None:
        return shape.example
    if shape.kind == "int":
        return shape.minimum if shape.minimum is not None else 1
    return None


# --- JSON values (bodies, frames) ----------------------------------------------------

HUGE = "1" + "0" * 30
DEEP_LIST = "[" * (MAX_DEPTH + 8) + "]" * (MAX_DEPTH + 8)
SURROGATE = '"\\ud800"'
NUL = '"a\\u0000b"'


def json_attacks(shape: Shape) -> list[tuple[str, str]]:
    """(label, raw JSON text) values the field must refuse."""
    out: list[tuple[str, str]] = []
    if not shape.optional and shape.kind != "any":
        out.append(("null", "null"))
    kind = shape.kind
    if kind == "int":
        out += [("a numeric string", '"1"'), ("a float", "1.5"), ("1.0", "1.0")]
        out += [("true", "true"), ("a list", "[1]"), ("a huge number", HUGE)]
        if shape.minimum is not None:
            out.append(("below the minimum", str(shape.minimum - 1)))
        if shape.maximum is not None:
            out.append(("above the maximum", str(shape.maximum + 1)))
    elif kind == "bool":
        out += [("a string", '"true"'), ("a number", "1"), ("a list", "[]")]
    elif kind in ("str", "literal", "uuid"):
        out += [("a number", "5"), ("a list", '["x"]')]
        out += [("a lone surrogate", SURROGATE), ("a NUL", NUL)]
        if shape.patterned:
            text = str(example_value(shape) or "x")
            out += [
                ("a trailing newline", json.dumps(text + "\n")),
                ("a leading space", json.dumps(" " + text)),
                ("a superscript", json.dumps(text + "²")),
                ("a path", json.dumps(text + "/../../op")),
            ]
        if shape.max_length is not None:
            out.append(("too long", json.dumps("x" * (shape.max_length + 1))))
    elif kind == "list":
        out += [("a string", '"x"'), ("an object", "{}")]
        assert shape.item is not None
        out += [(f"an item that is {label}", f"[{raw}]") for label, raw in json_attacks(shape.item)]
        if shape.max_length is not None:
            item = json.dumps(example_value(shape.item))
            out.append(("too many items", "[" + ",".join([item] * (shape.max_length + 1)) + "]"))
    elif kind == "dict":
        out += [("a list", "[]"), ("a string", '"x"'), ("a NUL key", '{"a\\u0000": 1}')]
        out.append(("a lone surrogate key", '{"\\ud800": 1}'))
        assert shape.item is not None
        out += [
            (f"a value that is {label}", '{"k": ' + raw + "}")
            for label, raw in json_attacks(shape.item)
        ]
    elif kind == "model":
        assert shape.model is not None
        out += [("a list", "[]"), ("a string", '"x"')]
        out += [
            (f"{label} (in {shape.model.__name__})", body)
            for label, body in body_field_attacks(shape.model)
        ]
    elif kind == "any":
        out += [("deep nesting", DEEP_LIST), ("a lone surrogate", SURROGATE), ("a NUL", NUL)]
        out.append(("NaN", "NaN"))
    else:
        raise Uncovered(f"no JSON attacks for {kind}")
    return out


def with_field(base: dict[str, Any], name: str, raw: str) -> str:
    """``base`` as JSON with ``name`` set to the raw JSON text ``raw``."""
    marker = "\u2603marker\u2603"
    return json.dumps({**base, name: marker}).replace(json.dumps(marker), raw)


def with_raw_key(base: dict[str, Any], raw_key: str) -> str:
    """``base`` as JSON with one more member whose key is the raw JSON text ``raw_key``."""
    text = json.dumps(base)
    return "{" + raw_key + ": 1" + (", " + text[1:] if base else "}")


def body_field_attacks(model: type[BaseModel], base: dict[str, Any] | None = None) -> list:
    base = valid_example(model) if base is None else base
    return [
        (f"{name}: {label}", with_field(base, name, raw))
        for name, shape, _ in fields(model)
        for label, raw in json_attacks(shape)
    ]


def body_attacks(model: type[BaseModel], max_body: int) -> list[tuple[str, bytes]]:
    """Whole bodies the route must refuse, then each field's attacks (as bytes)."""
    base = valid_example(model)
    fields_ = [(label, raw.encode()) for label, raw in body_field_attacks(model, base)]
    return whole_body_attacks(model, max_body, base) + fields_


def whole_body_attacks(
    model: type[BaseModel], max_body: int, base: dict[str, Any]
) -> list[tuple[str, bytes]]:
    """Bodies no JSON reader of ours may accept, whatever the model (and, when the model has
    required fields, an empty object)."""
    whole: list[tuple[str, bytes]] = [
        ("not JSON", b"not json"),
        ("truncated JSON", b'{"a": '),
        ("a list", b"[1, 2]"),
        ("a string", b'"x"'),
        ("null", b"null"),
        ("deep nesting", DEEP_LIST.encode()),
        ("a thousand levels", b"[" * 1000),
        (
            "nesting past the reader's limit",
            ('{"a": ' * (MAX_DEPTH + 8) + "1" + "}" * (MAX_DEPTH + 8)).encode(),
        ),
        ("a lone surrogate key", with_raw_key(base, '"\\ud800"').encode()),
        ("a NUL key", json.dumps({**base, "k\x00": 1}).encode()),
        ("NaN", with_field(base, "extra", "NaN").encode()),
        ("Infinity", with_field(base, "extra", "Infinity").encode()),
        ("broken UTF-8", b'{"text": "\xff\xfe"}'),
        ("too many bytes", json.dumps({**base, "pad": "x" * max_body}).encode()),
    ]
    if any(required for _, _, required in fields(model)):
        whole.append(("an empty object", b"{}"))
    return whole


# --- text values (query strings, forms, headers, path parts) -------------------------

# One of each class: non-ASCII digits, a sign, spaces, a newline, an underscore, a decimal
# point, a number past any column, nothing, a NUL.
INTEGER_TEXTS = ["²", "①", "١٢", "+1", " 1", "1\n", "1_0", "1.0", "9" * 30, "", "1\x00"]


def text_attacks(shape: Shape) -> list[tuple[str, list[str]]]:
    """(label, the values sent for the parameter) the parameter must refuse."""
    kind = shape.kind
    if kind == "int":
        out = [(repr(text), [text]) for text in INTEGER_TEXTS]
        if shape.minimum is not None and shape.minimum > 0:
            out.append(("below the minimum", [str(shape.minimum - 1)]))
        if shape.maximum is not None and shape.maximum < 10**18:
            out.append(("above the maximum", [str(shape.maximum + 1)]))
    elif kind == "bool":
        out = [(repr(text), [text]) for text in ("yes", "TRUE", "", "2", "true\n", "\x00")]
    elif kind in ("str", "literal", "uuid"):
        out = [("a NUL", ["a\x00b"])]
        if shape.patterned:
            text = str(example_value(shape) or "x")
            out += [
                ("a trailing newline", [text + "\n"]),
                ("a leading space", [" " + text]),
                ("a superscript", [text + "²"]),
                ("a path", [text + "/../../op"]),
            ]
        if shape.max_length is not None:
            out.append(("too long", ["x" * (shape.max_length + 1)]))
    elif kind == "list":
        assert shape.item is not None
        out = [
            (f"an item that is {label}", values)
            for label, values in text_attacks(shape.item)
            if len(values) == 1  # a list may hold a value twice
        ]
        if shape.max_length is not None:
            item = str(example_value(shape.item))
            out.append(("too many values", [item] * (shape.max_length + 1)))
        return out
    else:
        raise Uncovered(f"no text attacks for {kind}: add them to tests/attacks.py")
    example = example_value(shape)
    if example is not None:
        out.append(("given twice", [str(example), str(example)]))
    return out


def params_attacks(model: type[BaseModel]) -> list[tuple[str, str, list[str]]]:
    """(parameter, label, values) for every field of a text model."""
    return [
        (name, label, values)
        for name, shape, _ in fields(model)
        for label, values in text_attacks(shape)
    ]
