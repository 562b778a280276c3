"""``item.query`` and ``item.source``: what an item is and how to obtain it."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from agentweb.engine import ReActTool, Source, ToolCall
from agentweb.game import queries
from agentweb.game.models import COOKING_KINDS, CRAFTING_KINDS, DROP_KINDS
from agentweb.game.tools.common import DEFAULT_LIMIT, MAX_NAME, Limit, ToolInput, db
from agentweb.game.tools.item_views import ItemInfo, SourceInfo, item_card, source_infos

MODULE = "game.items"
# Ways to obtain an item the model sees; the card and the trace get them all.
OBSERVED_SOURCES = 8
# Items named when a name matches several.
CANDIDATES = 5
KIND_GROUPS = {"crafting": CRAFTING_KINDS, "cooking": COOKING_KINDS, "drops": DROP_KINDS}


class ItemQueryInput(ToolInput):
    name: str = Field(
        min_length=1,
        max_length=MAX_NAME,
        description="Item name or id, e.g. 'iron ingot' or 'minecraft:iron_ingot'.",
    )
    limit: Limit = DEFAULT_LIMIT


class ItemQueryResult(BaseModel):
    query: str
    items: list[ItemInfo]


async def item_query(value: ItemQueryInput, call: ToolCall) -> ItemQueryResult:
    found = await db(queries.find_items, value.name, limit=value.limit)
    return ItemQueryResult(query=value.name, items=[ItemInfo.of(item) for item in found])


def _observe_query(out: ItemQueryResult) -> dict[str, Any]:
    if not out.items:
        return {"query": out.query, "count": 0, "message": f"No item matches {out.query!r}."}
    return {
        "query": out.query,
        "count": len(out.items),
        "matches": [item.brief() for item in out.items],
    }


def _query_card(out: ItemQueryResult) -> dict[str, Any] | None:
    if not out.items:
        return None
    card = item_card(out.items[0])
    card["others"] = [item.name for item in out.items[1:]]
    return card


def _query_sources(value: ItemQueryInput, out: ItemQueryResult) -> list[Source]:
    return [Source(f"Item: {item.name}", kind="item", snippet=item.item_id) for item in out.items]


class ItemSourceInput(ToolInput):
    item: str = Field(
        min_length=1,
        max_length=MAX_NAME,
        description="The item's exact name or id, e.g. 'Iron Ingot' or 'minecraft:iron_ingot'.",
    )
    kind: Literal["any", "crafting", "cooking", "drops"] = Field(
        "any", description="Only recipes, only furnace-style cooking, or only block/mob drops."
    )
    limit: Limit = 10


class ItemSourceResult(BaseModel):
    query: str
    item: ItemInfo | None = None
    sources: list[SourceInfo] = []
    candidates: list[ItemInfo] = []


def lookup_sources(name: str, kind: str = "any", limit: int = 10) -> ItemSourceResult:
    """The item named ``name`` (exact, or the only close match) and how to obtain it."""
    item = queries.exact_item(name)
    if item is None and ":" in name:
        # An id is exact: "tconstruct:pickaxe" must not suggest the Iron Pickaxe.
        return ItemSourceResult(query=name)
    if item is None:
        matches = queries.find_items(name, limit=CANDIDATES)
        if len(matches) != 1:
            return ItemSourceResult(query=name, candidates=[ItemInfo.of(m) for m in matches])
        item = matches[0]
    rows = queries.item_sources(item, kinds=KIND_GROUPS.get(kind), limit=limit)
    return ItemSourceResult(query=name, item=ItemInfo.of(item), sources=source_infos(rows))


async def item_source(value: ItemSourceInput, call: ToolCall) -> ItemSourceResult:
    return await db(lookup_sources, value.item, value.kind, value.limit)


def _observe_sources(out: ItemSourceResult) -> dict[str, Any]:
    if out.item is None:
        data: dict[str, Any] = {"query": out.query, "found": False}
        if out.candidates:
            data["message"] = f"No item is named exactly {out.query!r}; candidates below."
            data["candidates"] = [c.name for c in out.candidates]
        else:
            data["message"] = f"No item named {out.query!r} is in the item data."
        return data
    data = {"item": out.item.name, "item_id": out.item.item_id, "found": True}
    data["count"] = len(out.sources)
    if not out.sources:
        data["message"] = f"The item data lists no way to obtain {out.item.name}."
    data["ways"] = [{"kind": s.kind, "how": s.summary} for s in out.sources[:OBSERVED_SOURCES]]
    if len(out.sources) > OBSERVED_SOURCES:
        data["more"] = len(out.sources) - OBSERVED_SOURCES
    return data


def source_card(out: ItemSourceResult) -> dict[str, Any] | None:
    return item_card(out.item, out.sources) if out.item is not None else None


def source_sources(value: ItemSourceInput, out: ItemSourceResult) -> list[Source]:
    if out.item is None:
        return []
    snippet = f"{len(out.sources)} way(s) to obtain {out.item.name}"
    return [Source(f"Item: {out.item.name}", kind="item", snippet=snippet)]


ITEM_QUERY = ReActTool(
    "item.query",
    "Find items by name or id.",
    ItemQueryInput,
    item_query,
    module=MODULE,
    dedupe=lambda v: (v.name.lower(), v.limit),
    observe=_observe_query,
    card=_query_card,
    sources=_query_sources,
).for_reasoning(
    "Find items by (part of) their name or id; returns names, ids and stack sizes. "
    "Use it to learn an item's exact name before item.source."
)

ITEM_SOURCE = ReActTool(
    "item.source",
    "How to obtain an item: recipes, cooking, block and mob drops.",
    ItemSourceInput,
    item_source,
    module=MODULE,
    dedupe=lambda v: (v.item.lower(), v.kind),
    observe=_observe_sources,
    card=source_card,
    sources=source_sources,
).for_reasoning(
    "Where an item comes from: crafting recipes (with ingredients), smelting/blasting, "
    "block drops and mob drops. Takes the item's exact name or id."
)
