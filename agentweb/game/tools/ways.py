"""A way to obtain an item said for players, in the active language: the ``/item``
command's text and the item card of a run in another language than English say each way
from its parts (the tools' own ``summary`` is the English sentence), every name as the
answer shows it (:class:`~agentweb.game.tools.shown.Shown`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _

from agentweb.game.models import SourceKind
from agentweb.game.tools.item_results import STATIONS, SourceInfo, ingredient_text

WAYS = {
    SourceKind.CRAFTING_SHAPED: lambda: _("crafted from %(parts)s"),
    SourceKind.CRAFTING_SHAPELESS: lambda: _("crafted from %(parts)s"),
    SourceKind.SMELTING: lambda: _("smelted from %(parts)s in a furnace"),
    SourceKind.BLASTING: lambda: _("blasted from %(parts)s in a blast furnace"),
    SourceKind.SMOKING: lambda: _("cooked from %(parts)s in a smoker"),
    SourceKind.CAMPFIRE: lambda: _("cooked from %(parts)s on a campfire"),
    SourceKind.STONECUTTING: lambda: _("cut from %(parts)s on a stonecutter"),
    SourceKind.SMITHING: lambda: _("smithed from %(parts)s at a smithing table"),
    SourceKind.PROCESSING: lambda: _("made in %(station)s from %(parts)s"),
    SourceKind.BLOCK_DROP: lambda: _("dropped by the block %(source)s"),
    SourceKind.MOB_DROP: lambda: _("dropped by %(source)s"),
    SourceKind.CHEST_LOOT: lambda: _("found in chests: %(source)s"),
    SourceKind.GAMEPLAY_LOOT: lambda: _("from %(source)s"),
}

# The stations that cook the same ingredients, said in one way when several do.
COOKED = {
    SourceKind.SMELTING: lambda: _("a furnace"),
    SourceKind.BLASTING: lambda: _("a blast furnace"),
    SourceKind.SMOKING: lambda: _("a smoker"),
    SourceKind.CAMPFIRE: lambda: _("a campfire"),
}

# The stations of the tools' English sentences ("a furnace"), in the active language.
STATION_WORDS = {STATIONS[kind][1]: said for kind, said in COOKED.items()}

# The drop conditions of the tools' English sentences, in the active language (a pack's
# own conditions are shown as the pack writes them).
CONDITIONS = {
    "needs Silk Touch": lambda: _("needs Silk Touch"),
    "not with Silk Touch": lambda: _("not with Silk Touch"),
    "only when a player kills it": lambda: _("only when a player kills it"),
}
# Chances below this are "rare" (as the tools' English summaries say).
RARE = 0.001

# A recipe's kind as its card names it.
RECIPE_LABELS = {
    SourceKind.CRAFTING_SHAPED: lambda: _("Crafting (shaped)"),
    SourceKind.CRAFTING_SHAPELESS: lambda: _("Crafting (shapeless)"),
}


def grouped(sources: list[SourceInfo]) -> list[list[SourceInfo]]:
    """The ways to obtain an item, in order; the same ingredients cooked in several
    stations are one way (raw iron in a furnace or a blast furnace)."""
    groups: dict[Any, list[SourceInfo]] = {}
    for n, source in enumerate(sources):
        cooked = SourceKind(source.kind) in COOKED and not source.tools
        key = ("cooked", tuple(ingredient_text(i) for i in source.used_up)) if cooked else n
        groups.setdefault(key, []).append(source)
    return list(groups.values())


def group_said(group: list[SourceInfo], shown: Callable[[str], str], english: bool) -> str:
    """One group of :func:`grouped` in a sentence."""
    if len(group) == 1:
        return way_said(group[0], shown, english)
    stations = [COOKED[SourceKind(s.kind)]() for s in group]
    return _("cooked from %(parts)s in %(stations)s") % {
        "parts": _(", ").join(ingredient_text(i, shown) for i in group[0].used_up),
        "stations": _(" or ").join(dict.fromkeys(stations)),
    }


def way_said(source: SourceInfo, shown: Callable[[str], str], english: bool) -> str:
    """One way to obtain an item: the tool's summary in English, else said from its parts."""
    said = WAYS.get(SourceKind(source.kind))
    if said is None or english:
        return source.summary
    parts = _(", ").join(ingredient_text(i, shown) for i in source.used_up)
    text = said() % {
        "parts": parts,
        "station": shown(source.station or ""),
        "source": shown(source.from_name or ""),
    }
    if source.tools:
        kept = _(", ").join(ingredient_text(i, shown) for i in source.tools)
        text += _(", with %(tools)s (a tool, not used up)") % {"tools": kept}
    return text


def drop_said(source: SourceInfo, shown: Callable[[str], str], english: bool) -> str:
    """A drop or loot with its chance, count and conditions, as the card shows it."""
    text = way_said(source, shown, english)
    if english:
        return text
    details = []
    if source.chance is not None and source.chance < 1:
        chance = f"{source.chance:.1%}" if source.chance >= RARE else _("rare")
        details.append(_("chance %(chance)s") % {"chance": chance})
    if source.count_min is not None and source.count_max is not None:
        span = str(source.count_min)
        if source.count_max != source.count_min:
            span = f"{source.count_min}–{source.count_max}"
        details.append(_("%(span)s at a time") % {"span": span})
    details += [CONDITIONS[c]() if c in CONDITIONS else c for c in source.conditions]
    if not details:
        return text
    return _("%(way)s (%(details)s)") % {"way": text, "details": _(", ").join(details)}
