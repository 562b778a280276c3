"""``item.uses``: what an item is used for — the recipes that take it (read-only, for reasoning).

The reverse of ``item.source``: every crafting recipe, cooking, station or mod recipe with
the item among its ingredients (a tag slot it fills counts), grouped by the item made,
optionally only those made at one station ("in the stonecutter"). The observation shows the
first made items and says how many more there are.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from pydantic import BaseModel, Field

from agentweb.engine import ReActTool, Source, ToolCall
from agentweb.game import queries
from agentweb.game.models import CRAFTING_KINDS
from agentweb.game.tools.common import MAX_NAME, Limit, ToolInput, db
from agentweb.game.tools.item_results import ItemInfo, SourceInfo, source_infos
from agentweb.game.tools.items import (
    LANGUAGE_FIELD,
    MODULE,
    localized_items,
    no_item_observed,
    resolve_item,
)
from agentweb.game.tools.shown import Shown, shown_in

# Made items the model sees by default; the rest are counted ("more").
DEFAULT_USES = 12
# Recipes shown for one made item (planks make a dozen things each in one way).
WAYS_EACH = 2
# Where crafting recipes are made (the data names no station for them).
CRAFTING_TABLE = "Crafting Table"
_CRAFTING = {k.value for k in CRAFTING_KINDS}


class UsesInput(ToolInput):
    item: str = Field(min_length=1, max_length=MAX_NAME, description="Name or id.")
    station: str | None = Field(
        None, min_length=1, max_length=MAX_NAME, description="e.g. 'Stonecutter'."
    )
    limit: Limit = DEFAULT_USES
    language: str | None = LANGUAGE_FIELD


class Use(BaseModel):
    """One item made with the item asked about, and how."""

    item: str
    item_id: str
    ways: list[SourceInfo]


class UsesResult(BaseModel):
    query: str
    station: str | None = None
    item: ItemInfo | None = None
    candidates: list[ItemInfo] = []
    uses: list[Use] = []
    # Made items in all (those shown and those not).
    total: int = 0
    shown: Shown = Field(default_factory=Shown, exclude=True)


def station_of(info: SourceInfo) -> str:
    """Where a recipe is made: its station, or the crafting table for a grid recipe."""
    return info.station or (CRAFTING_TABLE if info.kind in _CRAFTING else "")


def same_station(a: str, b: str) -> bool:
    """Two station names for one place ("a blast furnace", "Blast Furnace")."""
    return _key(a) == _key(b)


def _key(name: str) -> str:
    words = name.strip().casefold().split()
    return " ".join(words[1:] if words[:1] in (["a"], ["an"], ["the"]) else words)


def lookup_uses(
    name: str, station: str | None = None, limit: int = DEFAULT_USES, language: str | None = None
) -> UsesResult:
    item, candidates = resolve_item(name, language)
    if item is None:
        shown = shown_in(language, [c.name for c in candidates])
        return UsesResult(query=name, station=station, candidates=candidates, shown=shown)
    rows = queries.item_uses(item)
    infos = source_infos(rows, language=language)
    # A station is asked by any of its names: the language's, or the data's English one.
    english = source_infos(rows) if station and language else infos
    made: dict[str, Use] = {}
    names = queries.display_names([row.item.item_id for row in rows], language=language)
    for row, info, written in zip(rows, infos, english, strict=True):
        at = (station_of(info), station_of(written))
        if station and not any(same_station(name, station) for name in at):
            continue
        made_id = row.item.item_id
        use = made.setdefault(made_id, Use(item=names[made_id], item_id=made_id, ways=[]))
        if len(use.ways) < WAYS_EACH:
            use.ways.append(info)
    uses = list(made.values())
    result = UsesResult(
        query=name,
        station=station,
        item=localized_items([item], language)[0],
        uses=uses[:limit],
        total=len(uses),
    )
    result.shown = shown_in(language, [result.item.name, *(u.item for u in uses[:limit])])
    return result


async def item_uses(value: UsesInput, call: ToolCall) -> UsesResult:
    return await db(lookup_uses, value.item, value.station, value.limit, value.language)


def _observe(out: UsesResult) -> dict[str, Any]:
    if out.item is None:
        return no_item_observed(out.query, [c.name for c in out.candidates])
    data: dict[str, Any] = {"item": out.item.name, "item_id": out.item.item_id, "found": True}
    if out.station:
        data["station"] = out.station
    data["count"] = out.total
    if not out.total:
        where = f" made in {out.station}" if out.station else ""
        data["message"] = f"The item data has no recipe{where} that uses {out.item.name}."
    data["uses"] = [
        {
            "item": use.item,
            "item_id": use.item_id,
            "ways": [
                {**way.brief(), "station": station_of(way)} if station_of(way) else way.brief()
                for way in use.ways
            ],
        }
        for use in out.uses
    ]
    if out.total > len(out.uses):
        data["more"] = out.total - len(out.uses)
    return data


def _card(out: UsesResult) -> dict[str, Any] | None:
    if out.item is None:
        return None
    with out.shown.speaking():
        title = _("What %(name)s is used for") % {"name": out.shown(out.item.name)}
        lines = [out.shown(use.item) for use in out.uses]
        if out.total > len(out.uses):
            lines.append(_("and %(count)s more") % {"count": out.total - len(out.uses)})
    return {"kind": "item_uses", "title": title, "items": lines}


def _sources(value: UsesInput | None, out: UsesResult) -> list[Source]:
    if out.item is None:
        return []
    snippet = f"{out.total} item(s) made with {out.item.name}"
    return [Source(f"Uses of {out.item.name}", kind="item", snippet=snippet)]


ITEM_USES = ReActTool(
    "item.uses",
    "What an item is used for.",
    UsesInput,
    item_uses,
    module=MODULE,
    dedupe=lambda v: (v.item.lower(), (v.station or "").lower(), v.limit, v.language),
    observe=_observe,
    card=_card,
    sources=_sources,
).for_reasoning(
    "The reverse of item.source: the items made from an item (tag slots included), each "
    "with its recipe; `station` keeps those made there. Counts those not shown."
)
