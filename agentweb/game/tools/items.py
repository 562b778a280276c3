"""``item.query`` and ``item.source``: what an item is and how to obtain it."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from django.utils.translation import gettext as _
from pydantic import BaseModel, Field, field_validator

from agentweb.engine import ReActTool, Source, ToolCall
from agentweb.game import queries
from agentweb.game.mentions import same_kind, things_named
from agentweb.game.models import (
    COOKING_KINDS,
    CRAFTING_KINDS,
    DROP_KINDS,
    LOOT_KINDS,
    STATION_KINDS,
    Item,
    NameKind,
    SourceKind,
)
from agentweb.game.search.same_name import same_name
from agentweb.game.text import clean_text
from agentweb.game.tools.common import DEFAULT_LIMIT, MAX_NAME, Limit, ToolInput, db
from agentweb.game.tools.item_card import item_card
from agentweb.game.tools.item_results import (
    STATIONS,
    ItemInfo,
    SourceInfo,
    source_infos,
)
from agentweb.game.tools.no_ways import none_found, none_found_short
from agentweb.game.tools.shown import Shown, shown_in
from agentweb.game.tools.ways import STATION_WORDS, group_said, grouped

MODULE = "game.items"
# Ways to obtain an item the model sees; the card and the trace get them all.
OBSERVED_SOURCES = 8
# Items named when a name matches several.
CANDIDATES = 5
# Said with every drop: the data's loot numbers are not always the game's.
DROP_NUMBERS = "Drop chances and amounts are as the data gives them (approximate)."
KIND_GROUPS = {
    "crafting": (*CRAFTING_KINDS, *STATION_KINDS),
    "cooking": COOKING_KINDS,
    "drops": LOOT_KINDS,
}
# Names one item.source call looks up at once: a recipe's ingredients, a quest's items
# (three rounds allow two tools, so a chain needs several names per call).
MAX_NAMES = 8
# Ways to obtain each item of a several-name lookup the model sees.
OBSERVED_SOURCES_EACH = 3
ItemName = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]
LANGUAGE_FIELD = Field(
    None,
    max_length=16,
    description="The player's language (game code like 'zh_cn', or 'zh-hans'); names come "
    "in it, else in English. Left out, the run's language.",
)


def localized_items(items: list[Item], language: str | None) -> list[ItemInfo]:
    names = queries.display_names([i.item_id for i in items], language=language)
    return [ItemInfo.of(item, names.get(item.item_id)) for item in items]


class ItemQueryInput(ToolInput):
    name: str = Field(
        min_length=1,
        max_length=MAX_NAME,
        description="Item name or id, e.g. 'iron ingot' or 'minecraft:iron_ingot'.",
    )
    limit: Limit = DEFAULT_LIMIT
    language: str | None = LANGUAGE_FIELD


class ItemQueryResult(BaseModel):
    query: str
    items: list[ItemInfo]
    # A tag asked for ("#c:gears"): its id and how many items it holds (all, not only shown).
    tag: str | None = None
    tag_size: int = 0
    # How the card names them (not the model's: it reads the names as found).
    shown: Shown = Field(default_factory=Shown, exclude=True)


def _query_items(name: str, limit: int, language: str | None) -> ItemQueryResult:
    if name.startswith("#"):
        return _tag_items(name, limit, language)
    items = localized_items(queries.find_items(name, limit=limit), language)
    shown = shown_in(language, [i.name for i in items])
    return ItemQueryResult(query=name, items=items, shown=shown)


def _tag_items(name: str, limit: int, language: str | None) -> ItemQueryResult:
    """The items of the tag ``name`` (``#c:gears``): which items count as it."""
    found = queries.tag_members(name)
    if found is None:
        return ItemQueryResult(query=name, items=[], tag=name.lstrip("#"))
    tag_id, members, size = found
    items = localized_items(members[:limit], language)
    shown = shown_in(language, [i.name for i in items])
    return ItemQueryResult(query=name, items=items, tag=tag_id, tag_size=size, shown=shown)


async def item_query(value: ItemQueryInput, call: ToolCall) -> ItemQueryResult:
    return await db(_query_items, value.name, value.limit, value.language)


def _observe_query(out: ItemQueryResult) -> dict[str, Any]:
    if out.tag is not None:
        return _observe_tag(out)
    if not out.items:
        return {"query": out.query, "count": 0, "message": f"No item matches {out.query!r}."}
    return {
        "query": out.query,
        "count": len(out.items),
        "matches": [item.brief() for item in out.items],
    }


def _observe_tag(out: ItemQueryResult) -> dict[str, Any]:
    data: dict[str, Any] = {"query": out.query, "tag": out.tag, "count": out.tag_size}
    if not out.tag_size:
        data["message"] = f"The data has no item tag #{out.tag} (or it holds no item)."
        return data
    data["matches"] = [item.brief() for item in out.items]
    if out.tag_size > len(out.items):
        data["more"] = out.tag_size - len(out.items)
    return data


def _query_card(out: ItemQueryResult) -> dict[str, Any] | None:
    if not out.items:
        return None
    if out.tag is not None:
        return {
            "kind": "item_tag",
            "title": f"#{out.tag}",
            "items": out.shown.all(item.name for item in out.items),
        }
    card = item_card(out.items[0], shown=out.shown)
    card["others"] = out.shown.all(item.name for item in out.items[1:])
    return card


def _query_sources(value: ItemQueryInput, out: ItemQueryResult) -> list[Source]:
    return [Source(f"Item: {item.name}", kind="item", snippet=item.item_id) for item in out.items]


class ItemSourceInput(ToolInput):
    item: ItemName | list[ItemName] = Field(
        description=(
            "The item's exact name or id, e.g. 'Iron Ingot' or 'minecraft:iron_ingot'; "
            f"or a list of up to {MAX_NAMES} names to look up at once."
        ),
    )
    kind: Literal["any", "crafting", "cooking", "drops"] = Field(
        "any",
        description="Only recipes (any station), only furnace-style cooking, or only loot "
        "(block and mob drops, chests, fishing…).",
    )
    limit: Limit = 10
    language: str | None = LANGUAGE_FIELD

    @field_validator("item")
    @classmethod
    def _names(cls, value: str | list[str]) -> str | list[str]:
        if isinstance(value, str):
            return value
        names = list(dict.fromkeys(clean_text(name).strip() for name in value))
        if not names or not all(names):
            raise ValueError("give at least one non-empty name")
        if len(names) > MAX_NAMES:
            raise ValueError(f"at most {MAX_NAMES} names at once")
        return names

    def names(self) -> list[str]:
        return [self.item] if isinstance(self.item, str) else list(self.item)


class CookedInto(BaseModel):
    """What cooking this item makes, and where (the reverse of a cooking source)."""

    item: str
    item_id: str
    stations: list[str]


class ItemSourceResult(BaseModel):
    query: str
    kind: str = "any"
    item: ItemInfo | None = None
    sources: list[SourceInfo] = []
    # Over every source of the kinds asked for, not only the ones listed.
    total: int = 0
    has_crafting: bool = False
    cooked_in: list[str] = []
    # Other stations that make it (stonecutter, smithing table, a mod's machines).
    made_in: list[str] = []
    dropped_by_mobs: list[str] = []
    dropped_by_blocks: list[str] = []
    cooks_into: list[CookedInto] = []
    # A lookup of one kind that found none: the ways of every other kind the item has.
    other_ways: int = 0
    candidates: list[ItemInfo] = []
    # How the card (and the ``/item`` command's text) names things.
    shown: Shown = Field(default_factory=Shown, exclude=True)

    def names(self) -> list[str]:
        """Every name of the result, as the lookup found it."""
        names = [c.name for c in self.candidates]
        names += [self.item.name] if self.item is not None else []
        for source in self.sources:
            names += [source.station or "", source.from_name or "", *source.outputs]
            names += [n for i in source.ingredients for n in (i.label, *i.examples)]
            names += [cell or "" for row in source.grid or [] for cell in row]
        names += [c.item for c in self.cooks_into] + self.made_in
        return names

    def card_notes(self) -> list[str]:
        """:meth:`notes` as the card says them: in English as the model reads them, else
        in the active language with every name shown."""
        if self.shown.english or self.item is None:
            return self.notes()
        shown, name = self.shown, self.shown(self.item.name)
        notes = []
        if not self.total:
            notes.append(none_found(self.kind, self.other_ways, name, translate=True))
        elif self.kind in ("any", "crafting") and not self.has_crafting:
            notes.append(_("The item data has no crafting recipe for %(name)s.") % {"name": name})
            if self.made_in:
                made_in = _(", ").join(shown.all(self.made_in))
                said = _("%(name)s is made in: %(stations)s.")
                notes.append(said % {"name": name, "stations": made_in})
        for cooked in self.cooks_into:
            places = _(" or ").join(
                STATION_WORDS[s]() if s in STATION_WORDS else shown(s) for s in cooked.stations
            )
            notes.append(
                _("%(name)s can be cooked into %(item)s in %(stations)s.")
                % {"name": name, "item": shown(cooked.item), "stations": places}
            )
        return notes

    def notes(self) -> list[str]:
        """Facts worth a sentence on the card and in the observation."""
        if self.item is None:
            return []
        notes = []
        if not self.total:
            notes.append(none_found(self.kind, self.other_ways, self.item.name))
        elif self.kind in ("any", "crafting") and not self.has_crafting:
            notes.append(f"The item data has no crafting recipe for {self.item.name}.")
            if self.made_in:
                notes.append(f"{self.item.name} is made in: {', '.join(self.made_in)}.")
        for cooked in self.cooks_into:
            places = ", ".join(cooked.stations)
            notes.append(f"{self.item.name} can be cooked into {cooked.item} in {places}.")
        return notes


def resolve_item(name: str, language: str | None = None) -> tuple[Item | None, list[ItemInfo]]:
    """The item named ``name``, else the items with close names as candidates.

    Exact names (any case, any language, id, plural) first; then the one close match
    that is the same name misspelled (:func:`same_name`). A close match that names
    something else ("Andesite Wall" for "andesite alloy") is only a candidate: a lookup
    never answers about another item than the one asked for.
    """
    item = queries.exact_item(name)
    if item is not None:
        return item, []
    if ":" in name:
        # An id is exact: "tconstruct:pickaxe" must not suggest the Iron Pickaxe.
        return None, []
    named = [t.key for t in things_named(name, [NameKind.ITEM])]
    by_name = [item for item in map(queries.get_item, named) if item is not None]
    if len(by_name) == 1:
        return by_name[0], []  # its name in another language, or a glossary's
    matches = queries.find_items(name, limit=CANDIDATES)
    meant = [m for m in matches if same_name(name, m.display_name)]
    if len(meant) == 1:
        return meant[0], []
    if not matches:
        # 铁齿轮: the items of its kind (铜齿轮) are offered, never taken for it.
        kind = [queries.get_item(t.key) for t in same_kind(name, [NameKind.ITEM], CANDIDATES)]
        matches = [item for item in kind if item is not None]
    return None, localized_items(matches, language)


def lookup_sources(
    name: str, kind: str = "any", limit: int = 10, language: str | None = None
) -> ItemSourceResult:
    """The item named ``name`` (:func:`resolve_item`) and how to obtain it, named in
    ``language`` (then English)."""
    item, candidates = resolve_item(name, language)
    if item is None:
        shown = shown_in(language, [c.name for c in candidates])
        return ItemSourceResult(query=name, candidates=candidates, shown=shown)
    # Every source, so that the summaries (mobs, stations) are complete; the list is capped.
    rows = queries.item_sources(item, kinds=KIND_GROUPS.get(kind))
    infos = source_infos(rows, language=language)
    drops = {k: [s.from_name for s in infos if s.kind == k and s.from_name] for k in DROP_KINDS}
    result = ItemSourceResult(
        query=name,
        kind=kind,
        item=localized_items([item], language)[0],
        sources=infos[:limit],
        total=len(infos),
        has_crafting=any(s.is_crafting for s in infos),
        cooked_in=list(dict.fromkeys(s.station for s in infos if s.station and s.kind in _COOK)),
        made_in=list(dict.fromkeys(_made_in(s) for s in infos if s.kind in _MADE)),
        dropped_by_mobs=list(dict.fromkeys(drops[SourceKind.MOB_DROP])),
        dropped_by_blocks=list(dict.fromkeys(drops[SourceKind.BLOCK_DROP])),
        cooks_into=_cooks_into(item) if kind in ("any", "cooking") else [],
        # "No way to obtain it" only of an item whose every way was looked up.
        other_ways=len(queries.item_sources(item)) if kind != "any" and not infos else 0,
    )
    result.shown = shown_in(language, result.names())
    return result


_COOK = {k.value for k in COOKING_KINDS}
_MADE = {k.value for k in STATION_KINDS}


def _made_in(source: SourceInfo) -> str:
    station = source.station or "a station"
    return f"{station} ({source.mod})" if source.mod else station


def _cooks_into(item: Any) -> list[CookedInto]:
    rows = queries.cooking_uses(item)
    by_result: dict[str, CookedInto] = {}
    for row in rows:
        station = STATIONS[SourceKind(row.kind)][1]
        entry = by_result.setdefault(
            row.item.item_id,
            CookedInto(item=row.item.display_name, item_id=row.item.item_id, stations=[]),
        )
        if station not in entry.stations:
            entry.stations.append(station)
    return list(by_result.values())


class ItemSourcesResult(BaseModel):
    """Several names looked up at once, each as :func:`lookup_sources` answers it."""

    results: list[ItemSourceResult]

    @property
    def found(self) -> list[ItemSourceResult]:
        return [r for r in self.results if r.item is not None]


async def item_source(
    value: ItemSourceInput, call: ToolCall
) -> ItemSourceResult | ItemSourcesResult:
    if isinstance(value.item, str):
        return await db(lookup_sources, value.item, value.kind, value.limit, value.language)
    return await db(_lookup_all, value.names(), value.kind, value.limit, value.language)


def _lookup_all(names: list[str], kind: str, limit: int, language: str | None) -> ItemSourcesResult:
    results = [lookup_sources(name, kind, limit, language) for name in names]
    return ItemSourcesResult(results=results)


def _observe(out: ItemSourceResult | ItemSourcesResult) -> dict[str, Any]:
    if isinstance(out, ItemSourceResult):
        return _observe_sources(out)
    return {
        "looked_up": len(out.results),
        "found": len(out.found),
        # In the order asked; the sources (one per item found) follow the same order.
        "results": [_observe_one(r, OBSERVED_SOURCES_EACH) for r in out.results],
    }


def _observe_sources(out: ItemSourceResult) -> dict[str, Any]:
    """One item's observation, with its first ``OBSERVED_SOURCES`` ways."""
    return _observe_one(out, OBSERVED_SOURCES)


def no_item_observed(query: str, candidates: list[str]) -> dict[str, Any]:
    """What a lookup of an item tool observes when no item is called ``query``: the close
    names as candidates, or that the item data has none."""
    data: dict[str, Any] = {"query": query, "found": False}
    if candidates:
        data["message"] = f"No item is named exactly {query!r}; candidates below."
        data["candidates"] = candidates
    else:
        data["message"] = f"No item named {query!r} is in the item data."
    return data


def _observe_one(out: ItemSourceResult, shown: int) -> dict[str, Any]:
    if out.item is None:
        return no_item_observed(out.query, [c.name for c in out.candidates])
    data = {"item": out.item.name, "item_id": out.item.item_id, "found": True}
    data["count"] = out.total
    if out.kind != "any":
        data["kind"] = out.kind  # what was looked up: none of it is no "no way to obtain"
    if not out.total:
        data["message"] = none_found(out.kind, out.other_ways, out.item.name)
        if out.other_ways:
            data["other_ways"] = out.other_ways
        else:
            data["obtainable"] = False
    data["ways"] = [s.brief() for s in out.sources[:shown]]
    if out.total > len(data["ways"]):
        data["more"] = out.total - len(data["ways"])
    if out.kind in ("any", "crafting"):
        data["crafting_recipe"] = out.has_crafting
    if out.cooked_in:
        data["cooked_in"] = out.cooked_in
    if out.made_in:
        data["made_in"] = out.made_in
    if out.dropped_by_mobs:
        data["dropped_by_mobs"] = out.dropped_by_mobs
    if out.dropped_by_blocks:
        data["dropped_by_blocks"] = out.dropped_by_blocks
    if out.cooks_into:
        data["cooks_into"] = [c.model_dump() for c in out.cooks_into]
    food = out.item.food()
    if food:
        data["food"] = food
    notes = out.notes()
    if notes:
        data["notes"] = notes
    if any(s.kind in LOOT_KINDS for s in out.sources):
        data["drop_numbers"] = DROP_NUMBERS
    return data


def source_card(out: ItemSourceResult | ItemSourcesResult) -> dict[str, Any] | None:
    if isinstance(out, ItemSourcesResult):
        return _list_card(out)
    if out.item is None:
        return None
    if out.shown.english:
        return item_card(out.item, out.sources, out.notes(), out.shown)
    with out.shown.speaking():
        return item_card(out.item, out.sources, out.card_notes(), out.shown)


def _list_card(out: ItemSourcesResult) -> dict[str, Any] | None:
    """Several items: each with its first ways to obtain it (their own cards have the rest),
    every name as the answer shows it."""
    found = [r for r in out.found if r.item is not None]
    if not found:
        return None
    shown = found[0].shown
    if shown.english:
        lines = [
            f"{r.item.name}: "
            + (
                "; ".join(s.summary for s in r.sources[:OBSERVED_SOURCES_EACH])
                or none_found_short(r.kind, r.other_ways)
            )
            for r in found
            if r.item is not None
        ]
        title = "Where they come from: " + ", ".join(r.item.name for r in found if r.item)
        return {"kind": "item_sources", "title": title, "items": lines}
    with shown.speaking():
        lines = [
            _("%(name)s: %(ways)s")
            % {
                "name": r.shown(r.item.name),
                "ways": _("; ").join(
                    group_said(g, r.shown, False)
                    for g in grouped(r.sources[:OBSERVED_SOURCES_EACH])
                )
                or none_found_short(r.kind, r.other_ways, translate=True),
            }
            for r in found
            if r.item is not None
        ]
        names = _(", ").join(r.shown(r.item.name) for r in found if r.item)
        title = _("Where they come from: %(names)s") % {"names": names}
    return {"kind": "item_sources", "title": title, "items": lines}


def source_sources(
    value: ItemSourceInput | None, out: ItemSourceResult | ItemSourcesResult
) -> list[Source]:
    results = out.found if isinstance(out, ItemSourcesResult) else [out]
    return [
        Source(
            f"Item: {r.item.name}",
            kind="item",
            snippet=f"{len(r.sources)} way(s) to obtain {r.item.name}",
        )
        for r in results
        if r.item is not None
    ]


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
    "Find items by (part of) their name or id; returns names, ids, stack sizes, durability "
    "and food values (food points = half shanks; saturation). Use it to learn an item's "
    "exact name before item.source. '#c:gears': a tag's items."
)

ITEM_SOURCE = ReActTool(
    "item.source",
    "How to obtain an item: recipes, cooking, block and mob drops.",
    ItemSourceInput,
    item_source,
    module=MODULE,
    dedupe=lambda v: (tuple(name.lower() for name in v.names()), v.kind, v.language),
    observe=_observe,
    card=source_card,
    sources=source_sources,
).for_reasoning(
    "Where an item comes from: crafting recipes (shaped with the grid row by row, or "
    "shapeless; the output count), every cooking station (furnace, blast furnace, smoker, "
    "campfire), other stations (stonecutter, smithing table, every mod's machines, named, "
    "with fluids, chances and 'any <tag>' ingredients), block and mob drops, chest and "
    "gameplay loot with chance and conditions; what it cooks into; food values. Says when "
    "there is no crafting recipe, or no way at all. Takes a name or id in any language, or "
    f"a list of up to {MAX_NAMES} names at once."
)
