"""Bill-of-materials answers from ``item.materials`` observations: the raw materials with
their counts, how to get each, the crafting steps, and where a branch was cut."""

from __future__ import annotations

from typing import Any

from agentweb.llm.offline.answer_items import miss, way_text
from agentweb.llm.offline.draft import Draft
from agentweb.llm.offline.obs import Seen

# Alternatives named for a slot that takes any of several items; the card has them all.
ALTERNATIVES_NAMED = 3


def item_materials(d: Draft, obs: Seen) -> None:
    r = obs.result
    if not r.get("found"):
        miss(d, obs)
        return
    numbers, item = obs.numbers, d.name(r["item"])
    materials = [m for m in r.get("raw_materials") or [] if isinstance(m, dict)]
    crafts = [c for c in r.get("crafts") or [] if isinstance(c, dict)]
    if not crafts:
        d.say("materials_none", numbers, item=item)
        return
    wanted = [w for w in r.get("for") or [] if isinstance(w, str)]
    if len(wanted) > 1:
        d.say(
            "materials_for",
            numbers,
            wanted=d.w("list_sep").join(d.names(wanted)),
            materials=d.w("list_sep").join(_material(d, m) for m in materials),
        )
    else:
        d.say(
            "materials",
            numbers,
            count=r.get("count", 1),
            item=item,
            materials=d.w("list_sep").join(_material(d, m) for m in materials),
        )
    ways = [
        d.w("material_ways", name=d.name(m["name"]), ways=d.join([way_text(d, w) for w in got]))
        for m in materials
        if (got := [w for w in m.get("how_to_get") or [] if isinstance(w, dict)])
    ]
    if ways:
        d.say("materials_ways", numbers, ways=d.w("sep").join(ways))
    no_way = [d.name(m["name"]) for m in materials if _needs_a_way(m)]
    if no_way:
        d.say("materials_no_way", numbers, names=d.w("list_sep").join(no_way))
    steps = [
        d.w(
            "material_craft",
            crafts=_count(c["craft"]),
            needed=c.get("needed") or _count(c["craft"]),
            name=d.name(_name(c["craft"])),
            makes=c.get("makes_each", 1),
            recipe=_recipe(d, c.get("from", "")),
        )
        for c in crafts
    ]
    d.say("materials_crafts", numbers, crafts=d.w("sep").join(steps))
    for reason in ("cycle", "depth"):
        cut = [d.name(m["name"]) for m in materials if m.get("reason") == reason]
        if cut:
            d.say(f"materials_{reason}", numbers, names=d.w("list_sep").join(cut))


def _material(d: Draft, m: dict[str, Any]) -> str:
    label = f"{m.get('count', 1)}× {d.name(m.get('name', ''))}"
    alternatives = m.get("alternatives") or []
    if not alternatives:
        return label
    names = d.names(alternatives[:ALTERNATIVES_NAMED])
    if len(alternatives) > ALTERNATIVES_NAMED:
        names.append(d.w("table_more", count=len(alternatives) - ALTERNATIVES_NAMED))
    return d.w("material_alternatives", label=label, names=d.w("list_sep").join(names))


def _needs_a_way(m: dict[str, Any]) -> bool:
    return m.get("reason") in ("no_recipe", "packing") and not m.get("how_to_get")


def _count(text: str) -> str:
    return text.split("× ", 1)[0] if "× " in text else "1"


def _name(text: str) -> str:
    return text.split("× ", 1)[-1]


def _recipe(d: Draft, text: str) -> str:
    """ "3× Iron Ingot, 2× Stick" with the names as the answer's language shows them."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    return d.w("list_sep").join(f"{_count(p)}× {d.name(_name(p))}" for p in parts)
