"""What-an-item-is-used-for answers from ``item.uses`` observations: each item made from it
with how many one recipe makes and what else goes in, and how many more the data has."""

from __future__ import annotations

from typing import Any

from agentweb.llm.offline.answer_items import miss, said_ingredient
from agentweb.llm.offline.draft import Draft
from agentweb.llm.offline.obs import Seen


def item_uses(d: Draft, obs: Seen) -> None:
    r = obs.result
    if not r.get("found"):
        miss(d, obs)
        return
    item, numbers = d.name(r["item"]), obs.numbers
    station = d.name(r["station"]) if r.get("station") else None
    uses = [_use(d, use) for use in r.get("uses") or []]
    if not uses:
        if station:
            d.say("uses_none_at", numbers, item=item, station=station)
        else:
            d.say("uses_none", numbers, item=item)
        return
    if station:
        d.say("uses_at", numbers, item=item, station=station, uses=d.join(uses))
    else:
        d.say("uses", numbers, item=item, uses=d.join(uses))
    if r.get("more"):
        d.say("uses_more", count=r["more"])


def _use(d: Draft, use: dict[str, Any]) -> str:
    """One item made: "2× Lead from 4× String, 1× Slimeball" (its first recipe's words), or
    the station it is cooked in."""
    ways = use.get("ways") or [{}]
    way, made = ways[0], d.name(use["item"])
    ingredients = way.get("ingredients")
    makes = way.get("makes") or 1
    if ingredients:
        parts = d.w("list_sep").join(said_ingredient(d, str(i)) for i in ingredients)
        said = d.w("use_made", item=made, makes=makes, parts=parts)
        chance = way.get("chance")
        return f"{said} ({chance:.0%})" if isinstance(chance, float) and chance < 1 else said
    if way.get("station"):
        return d.w("use_cooked", item=made, station=d.name(way["station"]))
    return made
