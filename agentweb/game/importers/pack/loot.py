"""Loot tables → drops: what an item comes from, how likely, how many, and when.

Block, entity, chest and gameplay tables (fishing, bartering, gifts, archaeology…) in the
1.20 (``loot_tables/``) and 1.21 (``loot_table/``) formats. Each item a table can give
becomes one drop, summarised like the shipped drops: a chance (the entry's weight share
in its pool, times ``random_chance`` conditions, over the pool's rolls), a count range
(``set_count``), and its conditions — Silk Touch, not Silk Touch (the branch after a
Silk Touch one in ``alternatives``), killed by a player, Looting and Fortune bonuses,
shears, a grown crop, the rest by name. The numbers are approximate, as the shipped ones
are: conditions that exclude an entry are not taken out of the pool's weights.
Referenced tables (``loot_table`` entries) are followed a few levels deep.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from agentweb.game.importers.pack.stacks import full_id, is_id
from agentweb.game.models.items import SourceKind

# How deep references to other loot tables are followed.
MAX_DEPTH = 3
TYPE_KINDS = {
    "minecraft:block": "block",
    "minecraft:entity": "entity",
    "minecraft:chest": "chest",
    "minecraft:fishing": "gameplay",
    "minecraft:gift": "gameplay",
    "minecraft:barter": "gameplay",
    "minecraft:archaeology": "gameplay",
    "minecraft:shearing": "gameplay",
    "minecraft:vault": "gameplay",
}
PATH_KINDS = {
    "blocks": "block",
    "entities": "entity",
    "chests": "chest",
    "gameplay": "gameplay",
    "archaeology": "gameplay",
    "shearing": "gameplay",
    "pots": "gameplay",
    "spawners": "gameplay",
    "dispensers": "gameplay",
    "equipment": "gameplay",
}
SOURCE_KINDS = {
    "block": SourceKind.BLOCK_DROP,
    "entity": SourceKind.MOB_DROP,
    "chest": SourceKind.CHEST_LOOT,
    "gameplay": SourceKind.GAMEPLAY_LOOT,
}
CONDITION_WORDS = {
    "minecraft:damage_source_properties": "when it is killed a certain way",
    "minecraft:location_check": "only in certain places",
    "minecraft:weather_check": "only in certain weather",
    "minecraft:time_check": "only at certain times",
    "minecraft:value_check": "only sometimes (a value check)",
    "minecraft:reference": "under a shared condition",
    "minecraft:enchantment_active_check": "while an enchantment is active",
    "minecraft:entity_scores": "depending on scoreboard values",
}


@dataclass
class Drop:
    item: str
    chance: float
    count_min: int | None = 1
    count_max: int | None = 1
    silk_touch: bool = False
    no_silk_touch: bool = False
    player_kill: bool = False
    conditions: list[str] = field(default_factory=list)
    details: dict = field(default_factory=dict)


@dataclass
class ParsedLoot:
    table_id: str
    kind: str  # block | entity | chest | gameplay | other
    source_name: str
    drops: list[Drop]
    source: str = ""
    # The other tables it follows, and the key of what it was read from (see world.py).
    references: list[str] = field(default_factory=list)
    file_key: str = ""

    @property
    def source_kind(self) -> str | None:
        kind = SOURCE_KINDS.get(self.kind)
        return str(kind) if kind else None


@dataclass
class _Context:
    chance: float = 1.0
    silk_touch: bool = False
    no_silk_touch: bool = False
    player_kill: bool = False
    conditions: tuple[str, ...] = ()
    details: tuple[tuple[str, Any], ...] = ()

    def with_(self, **changes: Any) -> _Context:
        values = {**vars(self), **changes}
        return _Context(**values)


def table_kind(table_id: str, raw: dict) -> str:
    kind = TYPE_KINDS.get(full_id(str(raw.get("type", "")))) if raw.get("type") else None
    if kind:
        return kind
    first = table_id.split(":", 1)[-1].split("/", 1)[0]
    return PATH_KINDS.get(first, "other")


def source_of(table_id: str, kind: str) -> str:
    """What a table belongs to: ``ns:blocks/x`` → ``ns:x``, ``ns:entities/sheep/white`` →
    ``ns:sheep``; chests and gameplay tables are named by their own id."""
    namespace, _, path = table_id.partition(":")
    parts = path.split("/")
    if kind in ("block", "entity") and len(parts) >= 2:
        return f"{namespace}:{parts[1]}"
    return table_id


class LootReader:
    def __init__(
        self, tags: Callable[[str], list[str]], tables: Callable[[str], dict | None]
    ) -> None:
        self.tags = tags
        self.tables = tables

    def parse(self, table_id: str, raw: dict) -> ParsedLoot:
        kind = table_kind(table_id, raw)
        self._followed: list[str] = []
        drops = self._table(raw, _Context(), 0)
        loot = ParsedLoot(table_id, kind, source_of(table_id, kind), _merge(drops))
        loot.references = sorted(set(self._followed))
        return loot

    def _table(self, raw: dict, ctx: _Context, depth: int) -> list[Drop]:
        pools = raw.get("pools", [])
        if not isinstance(pools, list):
            raise ValueError("pools is not a list")
        ctx = self._functions(raw.get("functions"), ctx)
        drops = []
        for pool in pools:
            if isinstance(pool, dict):
                drops += self._pool(pool, ctx, depth)
        return drops

    def _pool(self, pool: dict, ctx: _Context, depth: int) -> list[Drop]:
        low, high = _number(pool.get("rolls", 1))
        rolls = max(0.0, (low + high) / 2)
        ctx = self._conditions(pool.get("conditions"), ctx)
        ctx = self._functions(pool.get("functions"), ctx)
        entries = [e for e in pool.get("entries", []) if isinstance(e, dict)]
        total = sum(_weight(e) for e in entries) or 1
        drops = []
        for entry in entries:
            share = _weight(entry) / total
            for drop in self._entry(entry, ctx, depth):
                once = drop.chance * share
                drop.chance = 1 - (1 - once) ** rolls if rolls != 1 else once
                if share == 1 and low == high and low > 1:
                    drop.count_min = _times(drop.count_min, int(low))
                    drop.count_max = _times(drop.count_max, int(high))
                drops.append(drop)
        return drops

    def _entry(self, entry: dict, ctx: _Context, depth: int) -> list[Drop]:
        kind = full_id(str(entry.get("type", "minecraft:item")))
        ctx = self._conditions(entry.get("conditions"), ctx)
        if kind == "minecraft:alternatives":
            return self._alternatives(entry.get("children", []), ctx, depth)
        if kind in ("minecraft:group", "minecraft:sequence"):
            children = [c for c in entry.get("children", []) if isinstance(c, dict)]
            return [d for child in children for d in self._entry(child, ctx, depth)]
        ctx = self._functions(entry.get("functions"), ctx)
        if kind == "minecraft:item" and is_id(entry.get("name")):
            return [_drop(full_id(entry["name"]), ctx)]
        if kind == "minecraft:tag" and is_id(entry.get("name")):
            members = self.tags(full_id(entry["name"]))
            each = ctx.chance / len(members) if entry.get("expand") and members else ctx.chance
            return [_drop(item, ctx.with_(chance=each)) for item in members]
        if kind == "minecraft:loot_table" and depth < MAX_DEPTH:
            value = entry.get("value", entry.get("name"))
            if is_id(value):
                self._followed.append(full_id(value))
            table = self.tables(full_id(value)) if is_id(value) else value
            if isinstance(table, dict):
                return self._table(table, ctx, depth + 1)
        return []

    def _alternatives(self, children: list, ctx: _Context, depth: int) -> list[Drop]:
        """The first child whose conditions hold: after a Silk Touch child, the others
        apply without Silk Touch; after a child with only a chance, the others get what is
        left of it; after a child with no conditions, none."""
        drops, after_silk, left = [], False, 1.0
        for child in children:
            if not isinstance(child, dict):
                continue
            child_ctx = ctx.with_(no_silk_touch=True) if after_silk else ctx
            found = self._entry(child, child_ctx.with_(chance=child_ctx.chance * left), depth)
            drops += found
            probe = self._conditions(child.get("conditions"), _Context())
            after_silk = after_silk or probe.silk_touch
            only_chance = not (
                probe.silk_touch or probe.no_silk_touch or probe.player_kill or probe.conditions
            ) and not any(key == "block_age" for key, _ in probe.details)
            if only_chance:
                left *= 1 - probe.chance
            if only_chance and probe.chance >= 1 and _always(child):
                break
        return drops

    # --- conditions and functions -----------------------------------------------------

    def _conditions(self, conditions: Any, ctx: _Context) -> _Context:
        for condition in conditions if isinstance(conditions, list) else []:
            if isinstance(condition, dict):
                ctx = self._condition(condition, ctx)
        return ctx

    def _condition(self, condition: dict, ctx: _Context) -> _Context:
        kind = full_id(str(condition.get("condition", "")))
        if kind == "minecraft:survives_explosion":
            return ctx
        if kind == "minecraft:killed_by_player":
            return ctx.with_(player_kill=True)
        if kind == "minecraft:random_chance":
            low, high = _number(condition.get("chance", 1))
            return ctx.with_(chance=ctx.chance * (low + high) / 2)
        if kind == "minecraft:random_chance_with_looting":
            chance = condition.get("chance", 1)
            chance = chance if isinstance(chance, int | float) else 1
            return _detail(ctx.with_(chance=ctx.chance * chance), "looting", True)
        if kind == "minecraft:random_chance_with_enchanted_bonus":
            chance = condition.get("unenchanted_chance", 1)
            chance = chance if isinstance(chance, int | float) else 1
            return _detail(ctx.with_(chance=ctx.chance * chance), "looting", True)
        if kind == "minecraft:table_bonus":
            chances = condition.get("chances") or [1]
            first = chances[0] if isinstance(chances[0], int | float) else 1
            return _detail(ctx.with_(chance=ctx.chance * first), "fortune", True)
        if kind == "minecraft:match_tool":
            return self._tool(condition.get("predicate") or {}, ctx, inverted=False)
        if kind == "minecraft:inverted":
            term = condition.get("term") or {}
            if full_id(str(term.get("condition", ""))) == "minecraft:match_tool":
                return self._tool(term.get("predicate") or {}, ctx, inverted=True)
            return _said(ctx, "unless a condition holds")
        if kind in ("minecraft:any_of", "minecraft:alternative"):
            terms = [t for t in condition.get("terms", []) if isinstance(t, dict)]
            probes = [self._condition(t, _Context()) for t in terms]
            if probes and all(p.silk_touch or p.conditions for p in probes):
                words = [("Silk Touch" if p.silk_touch else " ".join(p.conditions)) for p in probes]
                return _said(ctx, "needs " + " or ".join(w.removeprefix("needs ") for w in words))
            return _said(ctx, "when one of several conditions holds")
        if kind == "minecraft:all_of":
            for term in condition.get("terms", []):
                if isinstance(term, dict):
                    ctx = self._condition(term, ctx)
            return ctx
        if kind == "minecraft:block_state_property":
            properties = condition.get("properties") or {}
            if "age" in properties:
                return _detail(ctx, "block_age", properties["age"])
            said = ", ".join(f"{k}={v}" for k, v in properties.items())
            return _said(ctx, f"only when the block is {said}" if said else "in a block state")
        if kind == "minecraft:entity_properties":
            flags = (condition.get("predicate") or {}).get("flags") or {}
            if flags.get("is_on_fire"):
                return _said(ctx, "when it dies on fire")
            return _said(ctx, "only from certain mobs")
        return _said(ctx, CONDITION_WORDS.get(kind, f"when {kind} holds"))

    def _tool(self, predicate: dict, ctx: _Context, *, inverted: bool) -> _Context:
        if _silk_touch(predicate):
            return ctx.with_(no_silk_touch=True) if inverted else ctx.with_(silk_touch=True)
        tool = _tool_name(predicate)
        if tool:
            return _said(ctx, f"not with {tool}" if inverted else f"needs {tool}")
        return _said(ctx, "only with certain tools" if not inverted else "not with some tools")

    def _functions(self, functions: Any, ctx: _Context) -> _Context:
        for function in functions if isinstance(functions, list) else []:
            if not isinstance(function, dict):
                continue
            kind = full_id(str(function.get("function", "")))
            if kind == "minecraft:set_count":
                low, high = _number(function.get("count", 1))
                ctx = _detail(ctx, "count", (low, high, bool(function.get("add"))))
            elif kind in ("minecraft:looting_enchant", "minecraft:enchanted_count_increase"):
                ctx = _detail(ctx, "looting", True)
            elif kind == "minecraft:apply_bonus":
                ctx = _detail(ctx, "fortune", True)
            elif kind == "minecraft:furnace_smelt":
                ctx = _said(ctx, "cooked when it dies on fire")
        return ctx


def _always(entry: dict) -> bool:
    """An item or tag entry without conditions: an ``alternatives`` never gets past it."""
    kind = full_id(str(entry.get("type", "")))
    return kind in ("minecraft:item", "minecraft:tag") and not entry.get("conditions")


def _drop(item: str, ctx: _Context) -> Drop:
    details = dict(ctx.details)
    low, high = 1, 1
    counted = details.pop("count", None)
    if counted is not None:
        c_low, c_high, add = counted
        low, high = (low + c_low, high + c_high) if add else (c_low, c_high)
    conditions = list(ctx.conditions)
    if details.pop("looting", None):
        conditions.append("more with Looting")
    if details.pop("fortune", None):
        conditions.append("more with Fortune")
    return Drop(
        item=item,
        chance=ctx.chance,
        count_min=max(0, int(low)),
        count_max=max(0, round(high)),
        silk_touch=ctx.silk_touch,
        no_silk_touch=ctx.no_silk_touch,
        player_kill=ctx.player_kill,
        conditions=list(dict.fromkeys(conditions)),
        details=details,
    )


def _merge(drops: list[Drop]) -> list[Drop]:
    """The same item under the same conditions twice (two pools): one drop, likelier."""
    merged: dict[tuple, Drop] = {}
    for drop in drops:
        if drop.chance <= 0 or not drop.item:
            continue
        key = (
            drop.item,
            drop.silk_touch,
            drop.no_silk_touch,
            drop.player_kill,
            tuple(drop.conditions),
            tuple(sorted(drop.details.items(), key=str)),
        )
        if key in merged:
            kept = merged[key]
            kept.chance = 1 - (1 - kept.chance) * (1 - drop.chance)
            kept.count_min = min(kept.count_min or 0, drop.count_min or 0)
            kept.count_max = (kept.count_max or 0) + (drop.count_max or 0)
        else:
            merged[key] = drop
    for drop in merged.values():
        drop.chance = round(min(1.0, drop.chance), 6)
    return list(merged.values())


def _detail(ctx: _Context, key: str, value: Any) -> _Context:
    details = dict(ctx.details)
    details[key] = value
    return ctx.with_(details=tuple(details.items()))


def _said(ctx: _Context, text: str) -> _Context:
    return ctx.with_(conditions=(*ctx.conditions, text))


def _weight(entry: dict) -> float:
    weight = entry.get("weight", 1)
    return float(weight) if isinstance(weight, int | float) and weight > 0 else 1.0


def _times(value: int | None, factor: int) -> int | None:
    return value * factor if value is not None else None


def _number(value: Any) -> tuple[float, float]:
    """A number provider's range: a number, ``{min, max}`` (uniform), ``{value}``
    (constant), ``{n, p}`` (binomial: 0 to n)."""
    if isinstance(value, bool):
        return 1.0, 1.0
    if isinstance(value, int | float):
        return float(value), float(value)
    if isinstance(value, dict):
        if "value" in value and isinstance(value["value"], int | float):
            return float(value["value"]), float(value["value"])
        if "n" in value:
            n = value["n"] if isinstance(value["n"], int | float) else _number(value["n"])[1]
            return 0.0, float(n)
        low = _number(value["min"])[0] if "min" in value else 0.0
        high = _number(value["max"])[1] if "max" in value else low
        return low, high
    return 1.0, 1.0


def _silk_touch(predicate: dict) -> bool:
    """A tool predicate that asks for Silk Touch, in the 1.20 or the 1.21 form."""
    found = list(predicate.get("enchantments") or [])
    found += list((predicate.get("predicates") or {}).get("minecraft:enchantments") or [])
    for entry in found:
        if not isinstance(entry, dict):
            continue
        named = entry.get("enchantment", entry.get("enchantments"))
        names = named if isinstance(named, list) else [named]
        if any(str(n).endswith("silk_touch") for n in names):
            return True
    return False


def _tool_name(predicate: dict) -> str:
    items = predicate.get("items", predicate.get("item"))
    tag = predicate.get("tag")
    if isinstance(items, str):
        items = [items]
    if isinstance(items, list) and items:
        names = [str(i) for i in items]
        if any(n.lstrip("#").endswith(("shears", "shear")) for n in names):
            return "shears"
        return " or ".join(n.lstrip("#").split(":")[-1].replace("_", " ") for n in names)
    if isinstance(tag, str):
        return "shears" if "shear" in tag else tag.split(":")[-1].replace("_", " ")
    return ""
