"""The item card (R-UI-1): facts, food values, recipe grids, cooking, other stations and
drops, every name as the answer it goes with shows it (:class:`Shown`) and, in another
language than English, its ways and notes said in that language."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from agentweb.game.models import SourceKind
from agentweb.game.tools.item_results import (
    CRAFTING,
    LOOT_KIND_VALUES,
    STATION_KINDS,
    STATIONS,
    Ingredient,
    ItemInfo,
    SourceInfo,
)
from agentweb.game.tools.shown import Shown
from agentweb.game.tools.ways import COOKED, RECIPE_LABELS, drop_said, way_said


def item_card(
    item: ItemInfo,
    sources: list[SourceInfo] | None = None,
    notes: list[str] | None = None,
    shown: Shown | None = None,
) -> dict[str, Any]:
    """The card of ``item``; ``notes`` are sentences shown under the facts ("no crafting
    recipe"), already in the card's language."""
    shown = shown or Shown()
    if shown.english:
        return _card(item, sources, notes, shown)
    with shown.speaking():
        return _card(item, sources, notes, shown)


def _card(
    item: ItemInfo, sources: list[SourceInfo] | None, notes: list[str] | None, shown: Shown
) -> dict[str, Any]:
    english = shown.english
    named = item.model_dump()
    named["name"] = shown(item.name)
    card: dict[str, Any] = {"kind": "item", "title": named["name"], "item": named}
    food = _food(item, english)
    card["notes"] = ([food] if food else []) + list(notes or [])
    if sources is None:
        return card
    card["recipes"] = [
        {
            "kind": s.kind,
            "label": s.kind_label if english else RECIPE_LABELS[SourceKind(s.kind)](),
            "grid": _grid(s.grid, shown),
            "ingredients": [_ingredient(i, shown) for i in s.ingredients],
            "result_count": s.result_count,
        }
        for s in sources
        if s.kind in CRAFTING
    ]
    card["cooking"] = [
        {
            "kind": s.kind,
            "station": s.station if english else COOKED[SourceKind(s.kind)](),
            "input": shown(s.ingredients[0].label),
        }
        for s in sources
        if s.kind in STATIONS and s.ingredients
    ]
    # Stonecutting, smithing and every mod's recipe types, with the station named.
    card["stations"] = [
        {
            "kind": s.kind,
            "station": shown(s.station) if s.station else s.station,
            "mod": s.mod,
            "ingredients": [_ingredient(i, shown) for i in s.ingredients],
            "grid": _grid(s.grid, shown),
            "result_count": s.result_count,
            "chance": s.chance,
            "outputs": shown.all(s.outputs),
            "data": s.data,
            "summary": way_said(s, shown, english),
        }
        for s in sources
        if s.kind in STATION_KINDS
    ]
    card["drops"] = [
        {
            "kind": s.kind,
            "from": shown(s.from_name) if s.from_name else s.from_name,
            "summary": drop_said(s, shown, english),
        }
        for s in sources
        if s.kind in LOOT_KIND_VALUES
    ]
    return card


def _food(item: ItemInfo, english: bool) -> str | None:
    if item.food_points is None:
        return None
    if english:
        return f"Food: {item.food_text()}."
    food = {"points": f"{item.food_points:g}", "shanks": f"{item.food_points / 2:g}"}
    if item.saturation is None:
        return _("As food it restores %(points)s food points (%(shanks)s shanks).") % food
    food["saturation"] = f"{item.saturation:g}"
    return (
        _(
            "As food it restores %(points)s food points (%(shanks)s shanks) "
            "and %(saturation)s saturation."
        )
        % food
    )


def _ingredient(ingredient: Ingredient, shown: Shown) -> dict[str, Any]:
    data = ingredient.model_dump()
    data["label"] = shown(ingredient.label)
    data["examples"] = shown.all(ingredient.examples)
    return data


def _grid(grid: list[list[str | None]] | None, shown: Shown) -> list[list[str | None]] | None:
    if grid is None:
        return None
    return [[shown(cell) if cell else cell for cell in row] for row in grid]
