"""Model rows read by hand-written SQL, converted exactly as the ORM converts them.

The hottest statements of a run are written once as SQL text (no query
compilation per run); their rows still become model instances and Python
values through the backend's and the fields' own converters.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, TypeVar

from django.db import connection, models

M = TypeVar("M", bound=models.Model)
Converter = Callable[[Any], Any]


def quote(name: str) -> str:
    return connection.ops.quote_name(name)


def table(model: type[models.Model]) -> str:
    return quote(model._meta.db_table)


def column(model: type[models.Model], name: str) -> str:
    return quote(model._meta.get_field(name).column)


def select_list(model: type[models.Model], alias: str, names: Sequence[str]) -> str:
    """``alias."col", …`` of the fields ``names`` (in that order)."""
    return ", ".join(f"{alias}.{column(model, name)}" for name in names)


@cache
def concrete(model: type[models.Model]) -> tuple[str, ...]:
    """Every concrete field's name, in the model's order (what ``from_db`` loads whole)."""
    return tuple(f.attname for f in model._meta.concrete_fields)


def converters(model: type[models.Model], names: Sequence[str]) -> list[Converter]:
    """One function per field: the database's value → the field's Python value."""
    return [_converter(connection.vendor, model, name) for name in names]


@cache
def _converter(vendor: str, model: type[models.Model], name: str) -> Converter:
    field = next(f for f in model._meta.concrete_fields if f.attname == name)
    col = field.get_col(model._meta.db_table)
    steps = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
    if not steps:
        return _same

    def convert(value: Any) -> Any:
        for step in steps:
            value = step(value, col, connection)
        return value

    return convert


def _same(value: Any) -> Any:
    return value


def instance(model: type[M], names: Sequence[str], values: Sequence[Any]) -> M:
    """A model instance of the row (fields not in ``names`` are deferred)."""
    convert = converters(model, names)
    converted = {n: c(v) for n, c, v in zip(names, convert, values, strict=True)}
    # ``from_db`` takes the values in the model's field order.
    ordered = [name for name in concrete(model) if name in converted]
    assert len(ordered) == len(names), f"not concrete fields of {model}: {names}"
    return model.from_db(connection.alias, ordered, [converted[name] for name in ordered])
