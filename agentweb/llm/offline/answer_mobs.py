"""Mob answers: what a mob drops (``mob.drops``), each item with its chance, count and
conditions as the data gives them; a name that is no mob of the data, said so with the
mobs of close names offered — never an item's facts."""

from __future__ import annotations

from typing import Any

from agentweb.llm.offline.answer_items import CONDITIONS_ZH
from agentweb.llm.offline.draft import Draft
from agentweb.llm.offline.obs import Seen


def mob_drops(d: Draft, obs: Seen) -> None:
    r = obs.result
    if not r.get("found"):
        name = str(obs.input.get("mob", ""))
        candidates = r.get("candidates") or []
        if candidates:
            d.say("mob_candidates", name=name, names=d.w("list_sep").join(d.names(candidates)))
        else:
            d.say("mob_not_found", name=name)
        return
    mob = d.name(str(r["mob"]))
    drops = [_drop(d, x) for x in r.get("drops") or [] if isinstance(x, dict)]
    if not drops:
        d.say("mob_no_drops", obs.numbers, mob=mob)
        return
    d.say("mob_drops", obs.numbers, mob=mob, drops=d.join(drops))
    if r.get("more"):
        d.say("mob_more", count=r["more"])


def _drop(d: Draft, drop: dict[str, Any]) -> str:
    details = []
    chance = drop.get("chance")
    if chance is not None and chance < 1:
        details.append(d.w("drop_chance", chance=f"{chance:.1%}".replace(".0%", "%")))
    if drop.get("count"):
        details.append(d.w("mob_drop_count", count=drop["count"]))
    conditions = [str(c) for c in drop.get("conditions") or []]
    details += [CONDITIONS_ZH.get(c, c) for c in conditions] if d.p.lang == "zh" else conditions
    name = d.name(str(drop["item"]))
    if not details:
        return name
    return d.w("mob_drop_details", name=name, details=d.w("list_sep").join(details))
