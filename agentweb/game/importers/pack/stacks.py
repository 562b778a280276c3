"""Ingredients and results as recipe files write them, in every generation and many mods' ways.

An ingredient becomes one of (``items`` and ``count`` always present, so cards that list
ingredients keep working):

* ``{"items": [ids], "count": n}`` — an item, or alternatives;
* ``{"items": [first members], "tag": "c:ingots/iron", "count": n}`` — any item of a tag
  (resolved by the import; ``tag_size`` says how many it has in all);
* ``{"items": [], "count": 1, "fluid": id | "fluid_tag": tag, "amount": mB}``;
* ``{"items": [], "count": 1, "chemical": id | "chemical_tag": tag, "amount": n}``
  (Mekanism's gases and slurries);
* ``{"items": [], "count": 1, "special": "<ingredient type>"}`` — a custom ingredient this
  reader cannot list.

A result becomes ``{"item": id, "count": n, ["chance": p]}``, ``{"fluid": id, "amount": mB}``
or ``{"chemical": id, "amount": n}``. Forms read: ``"ns:id"`` / ``"#ns:tag"`` strings
(1.21.2+), ``{"item"}``/``{"tag"}`` (1.20/1.21), ``{"id", "count", "components"}`` stacks
(1.21), lists of alternatives, Forge/NeoForge ``compound``/``nbt``/``components``/
``difference`` ingredients, and wrappers with an ``ingredient`` and an ``amount``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

# Tag members kept on an ingredient (the card names a few; the tag row has them all).
MEMBERS_KEPT = 24
ID = re.compile(r"^[a-z0-9_.-]+:[a-z0-9_./-]+$")
CHANCE_KEYS = ("chance", "probability")
COUNT_KEYS = ("count", "Count", "amount")
CHEMICAL_KEYS = ("chemical", "gas", "infuse_type", "slurry", "pigment")

Tags = Callable[[str], list[str]]


def is_id(value: Any) -> bool:
    return isinstance(value, str) and bool(ID.match(value))


def full_id(value: str) -> str:
    return value if ":" in value else f"minecraft:{value}"


def _count(raw: dict, default: int = 1) -> int:
    for key in COUNT_KEYS:
        value = raw.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return max(0, int(value))
    return default


def _chance(raw: dict) -> float | None:
    for key in CHANCE_KEYS:
        value = raw.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
    return None


class Reader:
    """Reads stacks with the import's resolved item tags and known items and fluids."""

    def __init__(self, tags: Tags, is_item: Callable[[str], bool]) -> None:
        self.tags = tags
        self.is_item = is_item

    # --- ingredients -------------------------------------------------------------

    def tag_ingredient(self, tag: str, count: int = 1) -> dict:
        tag = full_id(tag.lstrip("#"))
        members = self.tags(tag)
        entry = {"items": members[:MEMBERS_KEPT], "tag": tag, "count": count}
        if len(members) > MEMBERS_KEPT:
            entry["tag_size"] = len(members)
        return entry

    def ingredient(self, raw: Any, *, fluid: bool = False) -> dict | None:
        """One ingredient slot (alternatives merged), or ``None`` when ``raw`` is not one."""
        if isinstance(raw, str):
            if raw.startswith("#") and is_id(raw[1:]):
                return self._fluid_tag(raw[1:], 1000) if fluid else self.tag_ingredient(raw)
            if is_id(raw):
                return (
                    {"items": [], "count": 1, "fluid": raw, "amount": 1000}
                    if fluid
                    else {"items": [raw], "count": 1}
                )
            return None
        if isinstance(raw, list):
            return self._alternatives([self.ingredient(item, fluid=fluid) for item in raw])
        if not isinstance(raw, dict):
            return None
        return self._ingredient_object(raw, fluid=fluid)

    def _ingredient_object(self, raw: dict, *, fluid: bool) -> dict | None:
        kind = str(raw.get("type", "")).split(":")[-1]
        count = _count(raw)
        for key in ("fluidTag", "fluid_tag"):
            if is_id(raw.get(key)):
                return self._fluid_tag(raw[key], count or 1000)
        if isinstance(raw.get("fluid"), str) and is_id(raw["fluid"]):
            return {"items": [], "count": 1, "fluid": raw["fluid"], "amount": count or 1000}
        for key in CHEMICAL_KEYS:
            if is_id(raw.get(key)):
                return {"items": [], "count": 1, "chemical": raw[key], "amount": count}
        if is_id(raw.get("tag")):
            if fluid:
                return self._fluid_tag(raw["tag"], count or 1000)
            return self.tag_ingredient(raw["tag"], count or 1)
        if is_id(raw.get("item")):
            return {"items": [raw["item"]], "count": count or 1}
        if is_id(raw.get("id")) and not fluid:
            return {"items": [raw["id"]], "count": count or 1}
        if is_id(raw.get("id")) and fluid:
            return {"items": [], "count": 1, "fluid": raw["id"], "amount": count or 1000}
        if isinstance(raw.get("items"), list | str):
            found = self.ingredient(raw["items"], fluid=fluid)
            return _with_count(found, count) if found else None
        for key in ("ingredient", "ingredients", "children", "values", "base", "value"):
            if key in raw and (key != "base" or kind == "difference"):
                found = self.ingredient(raw[key], fluid=fluid)
                if found is not None:
                    return _with_count(found, count)
        if kind:  # a custom ingredient type with nothing this reader can list
            return {"items": [], "count": count or 1, "special": str(raw.get("type"))}
        return None

    def _fluid_tag(self, tag: str, amount: int) -> dict:
        return {"items": [], "count": 1, "fluid_tag": full_id(tag.lstrip("#")), "amount": amount}

    def _alternatives(self, parts: list[dict | None]) -> dict | None:
        parts = [p for p in parts if p is not None]
        if not parts:
            return None
        if len(parts) == 1:
            return parts[0]
        items = list(dict.fromkeys(i for p in parts for i in p.get("items", [])))
        merged = {"items": items, "count": parts[0].get("count", 1)}
        tags = [p["tag"] for p in parts if p.get("tag")]
        if tags:
            merged["tags"] = tags
        fluids = [p for p in parts if "fluid" in p or "fluid_tag" in p]
        if fluids and not items:
            return fluids[0]
        return merged

    # --- results -----------------------------------------------------------------

    def results(self, raw: Any, *, fluid: bool = False) -> list[dict]:
        """Every result in ``raw`` (one stack, a list, an id string)."""
        if isinstance(raw, list):
            return [r for item in raw for r in self.results(item, fluid=fluid)]
        if isinstance(raw, str):
            if not is_id(raw):
                return []
            return [{"fluid": raw, "amount": 1000}] if fluid else [{"item": raw, "count": 1}]
        if not isinstance(raw, dict):
            return []
        return self._result_object(raw, fluid=fluid)

    def _result_object(self, raw: dict, *, fluid: bool) -> list[dict]:
        chance = _chance(raw)
        extra = {"chance": chance} if chance is not None and chance < 1 else {}
        for key in CHEMICAL_KEYS:
            if is_id(raw.get(key)):
                return [{"chemical": raw[key], "amount": _count(raw), **extra}]
        if isinstance(raw.get("fluid"), str) and is_id(raw["fluid"]):
            return [{"fluid": raw["fluid"], "amount": _count(raw, 1000), **extra}]
        ident = raw.get("item", raw.get("id"))
        if isinstance(ident, dict):  # {"item": {"id": …}, "chance": …}
            return [{**r, **extra} for r in self._result_object(ident, fluid=fluid)]
        if is_id(ident):
            as_fluid = fluid or ("amount" in raw and "count" not in raw and not self.is_item(ident))
            if as_fluid:
                return [{"fluid": ident, "amount": _count(raw, 1000), **extra}]
            return [{"item": ident, "count": _count(raw) or 1, **extra}]
        for key in ("result", "output", "stack"):
            if key in raw:
                return [{**r, **extra} for r in self.results(raw[key], fluid=fluid)]
        return []


def _with_count(entry: dict, count: int) -> dict:
    if count and count != 1 and entry.get("count", 1) == 1 and "amount" not in entry:
        return {**entry, "count": count}
    if count and "amount" in entry and count != 1:
        return {**entry, "amount": count}
    return entry
