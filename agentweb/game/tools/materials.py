"""``item.materials``: the bill of materials for N of an item (read-only, for reasoning)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from agentweb.engine import ReActTool, Source, ToolCall
from agentweb.game import queries
from agentweb.game.materials import DEFAULT_DEPTH, MAX_DEPTH, bill_of_materials
from agentweb.game.models import CRAFTING_KINDS
from agentweb.game.tools.common import MAX_NAME, ToolInput, db
from agentweb.game.tools.item_views import ItemInfo, SourceInfo, source_infos
from agentweb.game.tools.items import MODULE, resolve_item

# A stack of stacks is plenty; a bigger number is a typo, not a plan.
MAX_COUNT = 9999
# Ways to obtain each raw material that the model sees.
WAYS_PER_MATERIAL = 2
# Why a material is not broken down further, as the model and the player read it.
REASONS = {
    "no_recipe": "no crafting recipe",
    "packing": "its recipes only pack or unpack it (a block, nuggets)",
    "alternatives": "any one of several items",
    "cycle": "made from itself further down: not broken down",
    "depth": "depth limit reached: not broken down",
    "unknown": "not in the item data",
}


class MaterialsInput(ToolInput):
    item: str = Field(
        min_length=1,
        max_length=MAX_NAME,
        description="The item's exact name or id, e.g. 'Piston' or 'minecraft:piston'.",
    )
    count: int = Field(1, ge=1, le=MAX_COUNT, description="How many of the item are wanted.")
    depth: int = Field(
        DEFAULT_DEPTH, ge=1, le=MAX_DEPTH, description="How many levels of recipes to follow."
    )


class MaterialLine(BaseModel):
    name: str
    count: int
    item_ids: list[str]
    # Why it is not broken down further: a key of ``REASONS``.
    reason: str
    alternatives: list[str] = []
    ways: list[SourceInfo] = []

    def brief(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "material": f"{self.count}× {self.name}",
            "name": self.name,
            "count": self.count,
            "reason": self.reason,
            "why": REASONS[self.reason],
        }
        if self.alternatives:
            data["alternatives"] = self.alternatives
        if self.ways:
            data["how_to_get"] = [way.brief() for way in self.ways]
        return data


class CraftLine(BaseModel):
    name: str
    item_id: str
    crafts: int
    makes: int
    needed: int
    recipe: str
    other_recipes: int = 0

    def brief(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "craft": f"{self.crafts}× {self.name}",
            "from": self.recipe,
            "makes_each": self.makes,
            "needed": self.needed,
        }
        if self.other_recipes:
            data["other_recipes"] = self.other_recipes
        return data


class MaterialsResult(BaseModel):
    query: str
    count: int
    item: ItemInfo | None = None
    candidates: list[str] = []
    materials: list[MaterialLine] = []
    crafts: list[CraftLine] = []
    cuts: list[str] = []


def materials_of(name: str, count: int = 1, depth: int = DEFAULT_DEPTH) -> MaterialsResult:
    item, candidates = resolve_item(name)
    if item is None:
        return MaterialsResult(query=name, count=count, candidates=[c.name for c in candidates])
    bill = bill_of_materials(item, count, depth)
    return MaterialsResult(
        query=name,
        count=count,
        item=ItemInfo.of(item),
        materials=[_material(m) for m in bill.materials],
        crafts=[CraftLine(**vars(c)) for c in bill.crafts],
        cuts=bill.cuts,
    )


def _material(material: Any) -> MaterialLine:
    return MaterialLine(
        name=material.name,
        count=material.count,
        item_ids=list(material.item_ids),
        reason=material.reason,
        alternatives=material.alternatives,
        ways=_ways(material),
    )


def _ways(material: Any) -> list[SourceInfo]:
    """The first ways to obtain a material other than the recipes it was cut from."""
    if len(material.item_ids) != 1:
        return []
    crafting_too = material.reason in ("cycle", "depth")
    rows = [
        row
        for row in queries.item_sources(material.item_ids[0])
        if crafting_too or row.kind not in CRAFTING_KINDS
    ]
    return source_infos(rows[:WAYS_PER_MATERIAL])


async def item_materials(value: MaterialsInput, call: ToolCall) -> MaterialsResult:
    return await db(materials_of, value.item, value.count, value.depth)


def _observe(out: MaterialsResult) -> dict[str, Any]:
    if out.item is None:
        data: dict[str, Any] = {"query": out.query, "found": False}
        if out.candidates:
            data["message"] = f"No item is named exactly {out.query!r}; candidates below."
            data["candidates"] = out.candidates
        else:
            data["message"] = f"No item named {out.query!r} is in the item data."
        return data
    data = {
        "found": True,
        "item": out.item.name,
        "item_id": out.item.item_id,
        "count": out.count,
        "raw_materials": [m.brief() for m in out.materials],
        "crafts": [c.brief() for c in out.crafts],
    }
    if not out.crafts:
        data["message"] = f"{out.item.name} has no crafting recipe to break down."
    if out.cuts:
        data["cuts"] = out.cuts
    return data


def _card(out: MaterialsResult) -> dict[str, Any] | None:
    if out.item is None:
        return None
    return {
        "kind": "materials",
        "title": f"Materials for {out.count}× {out.item.name}",
        "materials": [_card_line(m) for m in out.materials],
        "crafts": [f"{c.crafts}× {c.name} from {c.recipe}" for c in out.crafts],
        "notes": out.cuts,
    }


def _card_line(material: MaterialLine) -> str:
    ways = "; ".join(way.summary for way in material.ways)
    return f"{material.count}× {material.name}" + (f" ({ways})" if ways else "")


def _sources(value: MaterialsInput, out: MaterialsResult) -> list[Source]:
    if out.item is None:
        return []
    snippet = f"{len(out.materials)} raw material(s) for {out.count}× {out.item.name}"
    return [Source(f"Materials: {out.item.name}", kind="item", snippet=snippet)]


ITEM_MATERIALS = ReActTool(
    "item.materials",
    "The raw materials and counts for N of an item, following its recipes down.",
    MaterialsInput,
    item_materials,
    module=MODULE,
    dedupe=lambda v: (v.item.lower(), v.count, v.depth),
    observe=_observe,
    card=_card,
    sources=_sources,
).for_reasoning(
    "A bill of materials: the raw materials and their counts for `count` of an item, "
    "following crafting recipes down (whole crafts, so leftovers are possible), each "
    "material with its first ways to obtain it (smelting, drops). A slot that takes any of "
    "several items is one material with its alternatives; packing recipes (ingot ↔ block), "
    "cycles and the depth limit end a branch and are said. Use it for 'what do I need to "
    "build X and how do I get each material'."
)
