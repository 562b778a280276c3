"""``item.materials``: the bill of materials for N of an item (read-only, for reasoning)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from pydantic import BaseModel, Field, model_validator

from agentweb.engine import ReActTool, Source, ToolCall
from agentweb.game import queries
from agentweb.game.materials import DEFAULT_DEPTH, MAX_DEPTH, bill_of_materials, cut_notes
from agentweb.game.models import CRAFTING_KINDS
from agentweb.game.tools.common import MAX_NAME, ToolInput, db
from agentweb.game.tools.item_results import ItemInfo, SourceInfo, source_infos
from agentweb.game.tools.items import (
    LANGUAGE_FIELD,
    MODULE,
    localized_items,
    no_item_observed,
    resolve_item,
)
from agentweb.game.tools.shown import Shown, shown_in
from agentweb.game.tools.ways import way_said

# A stack of stacks is plenty; a bigger number is a typo, not a plan.
MAX_COUNT = 9999
# Items one bill is made for (a quest's item tasks).
MAX_WANTED = 8
# Ways to obtain each raw material that the model sees (an ingot smelts from three ores).
WAYS_PER_MATERIAL = 4
# Why a material is not broken down further, as the model and the player read it.
REASONS = {
    "no_recipe": "no crafting recipe",
    "dropped": "a mob drops it: got directly (its recipe is another way)",
    "packing": "its recipes only pack or unpack it (a block, nuggets)",
    "alternatives": "any one of several items",
    "cycle": "made from itself further down: not broken down",
    "depth": "depth limit reached: not broken down",
    "unknown": "not in the item data",
}


class Wanted(ToolInput):
    item: str = Field(min_length=1, max_length=MAX_NAME)
    count: int = Field(1, ge=1, le=MAX_COUNT)


class MaterialsInput(ToolInput):
    item: str | None = Field(None, min_length=1, max_length=MAX_NAME, description="Name or id.")
    count: int = Field(1, ge=1, le=MAX_COUNT, description="How many are wanted.")
    items: list[Wanted] | None = Field(
        None, min_length=1, max_length=MAX_WANTED, description="Or several {item, count}."
    )
    depth: int = Field(DEFAULT_DEPTH, ge=1, le=MAX_DEPTH, description="Recipe levels followed.")
    language: str | None = LANGUAGE_FIELD

    @model_validator(mode="after")
    def _one_way(self) -> MaterialsInput:
        if (self.item is None) == (self.items is None):
            raise ValueError("give either item (with count) or items")
        return self

    def wanted(self) -> list[tuple[str, int]]:
        if self.items is not None:
            return [(w.item, w.count) for w in self.items]
        return [(self.item or "", self.count)]


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


class WantedLine(BaseModel):
    item: ItemInfo
    count: int


class MaterialsResult(BaseModel):
    query: str
    count: int
    item: ItemInfo | None = None
    # Every item the bill is for (one, or several), with how many.
    wanted: list[WantedLine] = []
    candidates: list[str] = []
    materials: list[MaterialLine] = []
    crafts: list[CraftLine] = []
    cuts: list[str] = []
    # The recipe levels followed (the depth limit the cuts name).
    depth: int = DEFAULT_DEPTH
    # How the card names things (not the model's: it reads the names as found).
    shown: Shown = Field(default_factory=Shown, exclude=True)

    def names(self) -> list[str]:
        names = [w.item.name for w in self.wanted] + [c.name for c in self.crafts]
        for m in self.materials:
            names += [m.name, *m.alternatives]
            for way in m.ways:
                names += [way.station or "", way.from_name or ""]
                names += [n for i in way.ingredients for n in (i.label, *i.examples)]
        return names


def materials_of(
    wanted: list[tuple[str, int]], depth: int = DEFAULT_DEPTH, language: str | None = None
) -> MaterialsResult:
    """The bill for every ``(name, count)``, its items named in ``language`` (then English);
    the first name that is no item stops it, with its candidates (a bill for part of what was
    asked would mislead)."""
    found = []
    for name, count in wanted:
        item, candidates = resolve_item(name, language)
        if item is None:
            return MaterialsResult(query=name, count=count, candidates=[c.name for c in candidates])
        found.append((item, count))
    bill = bill_of_materials(found, depth)
    infos = localized_items([item for item, _ in found], language)
    ids = [i for m in bill.materials if len(m.item_ids) == 1 for i in m.item_ids]
    names = queries.display_names(ids + [c.item_id for c in bill.crafts], language=language)
    result = MaterialsResult(
        query=", ".join(name for name, _n in wanted),
        count=found[0][1],
        item=infos[0],
        wanted=[WantedLine(item=info, count=n) for info, (_, n) in zip(infos, found, strict=True)],
        materials=[_material(m, names, language) for m in bill.materials],
        crafts=[
            CraftLine(**{**vars(c), "name": names.get(c.item_id, c.name)}) for c in bill.crafts
        ],
        cuts=bill.cuts,
        depth=bill.depth,
    )
    result.shown = shown_in(language, result.names())
    return result


def _material(material: Any, names: dict[str, str], language: str | None) -> MaterialLine:
    ids = list(material.item_ids)
    return MaterialLine(
        name=names.get(ids[0], material.name) if len(ids) == 1 else material.name,
        count=material.count,
        item_ids=ids,
        reason=material.reason,
        alternatives=material.alternatives,
        ways=_ways(material, language),
    )


def _ways(material: Any, language: str | None) -> list[SourceInfo]:
    """The first ways to obtain a material other than the recipes it was cut from (a
    material a mob drops: its drops, then its recipe)."""
    if len(material.item_ids) != 1:
        return []
    crafting_too = material.reason in ("cycle", "depth", "dropped")
    rows = queries.item_sources(material.item_ids[0])
    direct = [row for row in rows if row.kind not in CRAFTING_KINDS]
    crafted = [row for row in rows if row.kind in CRAFTING_KINDS] if crafting_too else []
    if material.reason == "dropped":
        return source_infos(direct[: WAYS_PER_MATERIAL - 1] + crafted[:1], language=language)
    return source_infos((direct + crafted)[:WAYS_PER_MATERIAL], language=language)


async def item_materials(value: MaterialsInput, call: ToolCall) -> MaterialsResult:
    return await db(materials_of, value.wanted(), value.depth, value.language)


def _observe(out: MaterialsResult) -> dict[str, Any]:
    if out.item is None:
        return no_item_observed(out.query, list(out.candidates))
    data: dict[str, Any] = {
        "found": True,
        "item": out.item.name,
        "item_id": out.item.item_id,
        "count": out.count,
        "for": [f"{w.count}× {w.item.name}" for w in out.wanted],
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
    shown = out.shown
    if shown.english:
        return {
            "kind": "materials",
            "title": "Materials for " + ", ".join(f"{w.count}× {w.item.name}" for w in out.wanted),
            "materials": [_card_line(m, shown) for m in out.materials],
            "crafts": [f"{c.crafts}× {c.name} from {c.recipe}" for c in out.crafts],
            "notes": out.cuts,
        }
    with shown.speaking():
        wanted = _(", ").join(f"{w.count}× {shown(w.item.name)}" for w in out.wanted)
        return {
            "kind": "materials",
            "title": _("Materials for %(items)s") % {"items": wanted},
            "materials": [_card_line(m, shown) for m in out.materials],
            "crafts": [
                _("%(crafts)d× %(name)s (makes %(makes)d each)")
                % {"crafts": c.crafts, "name": shown(c.name), "makes": c.makes}
                for c in out.crafts
            ],
            "notes": cut_notes(out.materials, out.depth, shown),
        }


def _card_line(material: MaterialLine, shown: Shown) -> str:
    ways = _("; ").join(way_said(way, shown, shown.english) for way in material.ways)
    line = f"{material.count}× {shown(material.name)}"
    return _("%(way)s (%(details)s)") % {"way": line, "details": ways} if ways else line


def _sources(value: MaterialsInput, out: MaterialsResult) -> list[Source]:
    if out.item is None:
        return []
    what = ", ".join(f"{w.count}× {w.item.name}" for w in out.wanted)
    snippet = f"{len(out.materials)} raw material(s) for {what}"
    return [Source(f"Materials: {out.item.name}", kind="item", snippet=snippet)]


ITEM_MATERIALS = ReActTool(
    "item.materials",
    "The raw materials and counts for N of an item, following its recipes down.",
    MaterialsInput,
    item_materials,
    module=MODULE,
    dedupe=lambda v: (tuple((n.lower(), c) for n, c in v.wanted()), v.depth, v.language),
    observe=_observe,
    card=_card,
    sources=_sources,
).for_reasoning(
    "A bill of materials: raw materials and counts for `count` of an item (or several "
    "`items` at once), recipes followed down in whole crafts, each material with its first "
    "ways to obtain it; tag slots as alternatives; cycles and the depth limit said."
)
