"""Mob answers: what a mob drops (``mob.drops``), each item with its chance, count and
conditions as the data gives them; whether it drops one item ("do zombies drop iron
ingots?"), answered from the mob's drops — yes with the drop's chance and conditions, or
that the data lists no such drop, and what it does drop; a mob with no drops in the data,
said so with the quests that ask to kill it; an entity that is no mob (a boat, an arrow),
said to be none; a name that is no mob of the data, said so with the mobs of close names
offered — never an item's facts."""

from __future__ import annotations

from typing import Any

from agentweb.llm.offline.answer_items import CONDITIONS_ZH
from agentweb.llm.offline.draft import Draft
from agentweb.llm.offline.obs import Seen


def mob_drops(d: Draft, obs: Seen) -> None:
    r = obs.result
    if r.get("entity"):
        d.say("not_a_mob", name=str(r["entity"]))
        return
    if not r.get("found"):
        name = str(obs.input.get("mob", ""))
        candidates = r.get("candidates") or []
        if candidates:
            d.say("mob_candidates", name=name, names=d.w("list_sep").join(d.names(candidates)))
        else:
            d.say("mob_not_found", name=name)
        return
    mob = d.name(str(r["mob"]))
    if _whether_it_drops(d, obs, mob):
        return
    drops = [_drop(d, x) for x in r.get("drops") or [] if isinstance(x, dict)]
    if not drops:
        d.say("mob_no_drops", obs.numbers, mob=mob)
        quests = [_quest(d, q) for q in r.get("killed_in") or [] if isinstance(q, dict)]
        if quests:
            d.say("killers", obs.numbers, name=mob, quests=d.join(quests))
        return
    d.say("mob_drops", obs.numbers, mob=mob, drops=d.join(drops))
    if r.get("more"):
        d.say("mob_more", count=r["more"])


def _whether_it_drops(d: Draft, obs: Seen, mob: str) -> bool:
    """The item asked about: yes, with the drop's chance and conditions (the whole
    answer), or that the data lists no such drop (what it drops follows)."""
    r = obs.result
    if "item_query" in r and not r.get("item_found", True):
        d.say("item_not_found", name=str(r["item_query"]))
        return False
    if not r.get("item"):
        return False
    if r.get("drops_item") and isinstance(r.get("item_drop"), dict):
        d.say("mob_drops_it", obs.numbers, mob=mob, drop=_drop(d, r["item_drop"]))
        return True
    d.say("mob_drops_not_it", obs.numbers, mob=mob, item=str(r["item"]))
    return False


def _quest(d: Draft, quest: dict[str, Any]) -> str:
    title = d.title(quest.get("title", ""))
    return d.w("titled_in", title=title, chapter=d.title(quest.get("chapter", "")))


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
