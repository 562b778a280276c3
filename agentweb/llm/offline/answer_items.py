"""Item answers from ``item.source`` and ``item.query`` observations.

Recipes with their shape row by row (or "shapeless") and what they make;
cooking with every station, grouped by what goes in; drops with their chance
and conditions; food values with their units. Structured fields of a way are
used when the observation has them, its ``how`` text otherwise.
"""

from __future__ import annotations

import re
from typing import Any

from agentweb.llm.offline.draft import Draft
from agentweb.llm.offline.obs import Seen
from agentweb.llm.offline.passages import sentences_about
from agentweb.llm.offline.plan import QUEST_DETAIL, source_kind

CRAFTING = ("crafting_shaped", "crafting_shapeless")
COOKING = ("smelting", "blasting", "smoking", "campfire")
DROPS = ("block_drop", "mob_drop")
# "smelted from Raw Iron in a furnace": a cooking way's ``how`` text.
COOKED = re.compile(r"^\w+ from (?P<input>.+?) in (?P<station>an? .+)$")
# Food points are half shanks of the hunger bar.
POINTS_PER_SHANK = 2
MOB_WORDS = re.compile(r"\b(mobs?|monsters?|creatures?|animals?|who)\b|生物|怪物")


def item_source(d: Draft, obs: Seen) -> None:
    r = obs.result
    if "results" in r:
        return  # several names at once: each is its own observation (``obs._each_name``)
    if not r.get("found"):
        miss(d, obs)
        return
    item, numbers = d.name(r["item"]), obs.numbers
    ways = r.get("ways") or []
    if d.p.station:
        _at_station(d, r, ways, numbers)
    if d.p.asks("xp"):
        _xp(d, r, ways, numbers)
    if d.p.asks("cooking") or not ways:
        _cooks_into(d, r, numbers)
    if d.p.asks("food") and r.get("food"):
        _food_line(d, item, r["food"], numbers)
    if not ways:
        if not r.get("cooks_into") or d.p.asks("craft"):
            d.say(_none_key(d, r, obs), numbers, item=item)
        _quest_says(d, r)
        return
    crafting = [w for w in ways if w.get("kind") in CRAFTING]
    cooking = [w for w in ways if w.get("kind") in COOKING]
    drops = [w for w in ways if w.get("kind") in DROPS]
    if d.p.asks("craft") and not crafting:
        d.say("item_no_recipe", numbers, item=item)
    for way in crafting:
        d.say("item_recipe", numbers, item=item, recipe=_recipe(d, way, item))
    if cooking:
        d.say("item_cooked", numbers, item=item, ways=d.join(_cooking(d, cooking)))
    mob_drops = [w for w in drops if w.get("kind") == "mob_drop"]
    if MOB_WORDS.search(d.p.text) and source_kind(d.p) == "drops" and not mob_drops:
        d.say("no_mob_drops", numbers, item=item)
    if drops:
        d.say("item_drops", numbers, item=item, ways=d.join([_drop(d, w) for w in drops]))
    other = [w for w in ways if w.get("kind") not in CRAFTING + COOKING + DROPS]
    if other:
        said = [way_text(d, w, item) for w in other]
        d.say("item_ways", numbers, item=item, ways=d.join(said))
    if r.get("more"):
        d.say("item_more", count=r["more"])


# What a lookup of one kind of way that found none says (``item.source``'s ``kind``).
NONE_OF_KIND = {
    "crafting": "item_no_recipe",
    "cooking": "item_not_cooked",
    "drops": "item_no_drops",
}


def _none_key(d: Draft, r: dict[str, Any], obs: Seen) -> str:
    """The sentence for an item looked up with no way found: "no way to obtain it" only
    when every kind of way was looked up, or the tool says the item has none at all."""
    if d.p.asks("craft"):
        return "item_no_recipe"
    kind = str(r.get("kind") or obs.input.get("kind") or "any")
    if kind == "any" or r.get("obtainable") is False:
        return "item_none"
    return NONE_OF_KIND.get(kind, "item_none")  # the tool knows no other kind


def miss(d: Draft, obs: Seen) -> None:
    name = obs.input.get("item", "")
    candidates = obs.result.get("candidates") or []
    later = {s.result.get("item") for s in d.seen if s.n > obs.n and s.result.get("found")}
    if later & set(candidates):
        return  # a later lookup found the one meant
    label = task_label(d, name) or name
    if candidates:
        d.say(
            "item_candidates", name=d.name(label), names=d.w("list_sep").join(d.names(candidates))
        )
    else:
        d.say("item_not_found", name=d.name(label))


def task_label(d: Draft, item_id: str) -> str | None:
    """How a quest task names an item id (modded items are not in the item data)."""
    for s in d.seen:
        quests = s.result.get("quests") or ([s.result] if s.tool == QUEST_DETAIL else [])
        for quest in quests:
            for task in quest.get("tasks") or []:
                if task.get("item_id") == item_id:
                    return str(task["task"]).split("× ", 1)[-1]
    return None


def _recipe(d: Draft, way: dict[str, Any], item: str = "") -> str:
    """A recipe: what goes in, how many it makes (of ``item``, in a Chinese answer), its shape."""
    ingredients = way.get("ingredients")
    if not ingredients:
        return d.name(way.get("how", ""))
    parts = d.w("list_sep").join(d.names(ingredients))
    makes = way.get("makes") or 1
    rows = way.get("grid_rows")
    if way.get("shape") == "shapeless" or not rows:
        return d.w("recipe_shapeless", parts=parts, makes=makes, item=item)
    return d.w("recipe_shaped", parts=parts, makes=makes, rows=_rows(d, rows), item=item)


def _rows(d: Draft, rows: list[str]) -> str:
    """The grid row by row, top to bottom: ``Iron Ingot, Iron Ingot, Iron Ingot / empty, …``."""
    empty = d.w("empty")
    return " / ".join(
        d.w("list_sep").join(
            empty if cell == "empty" else d.name(cell) for cell in row.split(" | ")
        )
        for row in rows
    )


def way_text(d: Draft, way: dict[str, Any], item: str = "") -> str:
    """One way to obtain an item (``item``, named in a Chinese answer's count), in the
    answer's language."""
    kind = way.get("kind")
    if kind in CRAFTING:
        return _recipe(d, way)
    if kind in COOKING:
        return _cooking(d, [way])[0]
    if kind in DROPS:
        return _drop(d, way)
    if d.p.lang == "zh":
        return _other_zh(d, way, item)
    return str(way.get("how", ""))


def _other_zh(d: Draft, way: dict[str, Any], item: str = "") -> str:
    """A station's recipe (a stonecutter, a pack's own machine) or loot, from its fields,
    in a Chinese answer (its ``how`` text is English); the ``how`` text where it has none."""
    station, ingredients, source = way.get("station"), way.get("ingredients"), way.get("from")
    if station and ingredients:
        parts = d.w("list_sep").join(said_ingredient(d, str(i)) for i in ingredients)
        station_name = d.name(station) + (f"（{way['mod']}）" if way.get("mod") else "")
        makes = way.get("makes") or 1
        text = d.w("made_in", station=station_name, parts=parts, makes=makes, item=item)
        if way.get("tools"):
            tools = d.w("list_sep").join(said_ingredient(d, str(i)) for i in way["tools"])
            text = d.w("made_with_tools", way=text, tools=tools)
        outputs = way.get("outputs") or []
        if len(outputs) > 1:
            text = d.w("made_outputs", way=text, outputs=d.w("list_sep").join(d.names(outputs)))
        return text
    if source and way.get("kind") in LOOT_FROM:
        text = d.w(LOOT_FROM[way["kind"]], source=d.title(source))
        chance = way.get("chance")
        if chance is not None and chance < 1:
            text += f"（{d.w('drop_chance', chance=_percent(chance))}）"
        return text
    return str(way.get("how", ""))


# Loot that is not a block's or a mob's drop: a chest's table, a gameplay table.
LOOT_FROM = {"chest_loot": "found_in_chests", "gameplay_loot": "found_from"}
# "2× any Copper Ingots (e.g. Copper Ingot, …)": an ingredient with examples of its tag.
EXAMPLES = re.compile(r"^(?P<name>.+?) \(e\.g\. (?P<examples>.+)\)$")


def said_ingredient(d: Draft, text: str) -> str:
    found = EXAMPLES.match(text)
    if not found:
        return d.name(text)
    examples = d.w("list_sep").join(d.names(found.group("examples").split(", ")))
    return d.w("for_example", name=d.name(found.group("name")), examples=examples)


def _at_station(d: Draft, r: dict[str, Any], ways: list[dict[str, Any]], numbers) -> None:
    """Whether the station the question names (``p.station``: "in a blast furnace", "用切
    石机") takes the item or makes it, as the observation says — first, since it is what
    was asked; that it does neither when the observation says nothing of the station."""
    station = _station_key(d.p.station)
    item = d.name(r["item"])
    observed = [s for c in r.get("cooks_into") or [] for s in c.get("stations") or []]
    observed += [_way_station(w) for w in ways]
    # Named as the data writes it where it was observed, else as the question does.
    said = [s for s in observed if _station_key(s) == station]
    place = d.name(said[0] if said else d.p.station_said or d.p.station)
    into = [
        c["item"]
        for c in r.get("cooks_into") or []
        if any(_station_key(s) == station for s in c.get("stations") or [])
    ]
    made = [w for w in ways if _station_key(_way_station(w)) == station]
    if into:
        d.say("station_takes", numbers, item=item, station=place, into=into[0])
    if made:
        said = d.w("list_sep").join(way_text(d, w, item) for w in made)
        d.say("station_makes", numbers, item=item, station=place, ways=said)
    if not into and not made:
        d.say("station_none", numbers, item=item, station=place)


# The fields a pack's recipe gives its XP in (vanilla cooking's ``experience``).
XP_FIELDS = ("experience", "xp")


def _xp(d: Draft, r: dict[str, Any], ways: list[dict[str, Any]], numbers) -> None:
    """The XP the data gives for the item's ways (a pack's cooking recipe has it), or that
    it gives none: the shipped item data carries no XP."""
    item = d.name(r["item"])
    given = [
        (way, data[key])
        for way in ways
        for data in [way.get("data") or {}]
        for key in XP_FIELDS
        if isinstance(data.get(key), int | float)
    ]
    if not given:
        d.say("xp_none", numbers, item=item)
    for way, xp in given:
        d.say("xp_is", numbers, item=item, xp=f"{xp:g}", way=way_text(d, way, item))


def _way_station(way: dict[str, Any]) -> str:
    found = COOKED.match(str(way.get("how", "")))
    return str(way.get("station") or (found.group("station") if found else ""))


def _station_key(name: Any) -> str:
    """A station's name as compared: no article, any case ("a blast furnace" is Blast Furnace)."""
    return re.sub(r"^(?:an?|the)\s+", "", str(name or "").strip().casefold())


def _percent(chance: float) -> str:
    return f"{chance:.1%}".replace(".0%", "%")


def _cooking(d: Draft, ways: list[dict[str, Any]]) -> list[str]:
    """Cooking ways grouped by what goes in: ``from Raw Beef in a furnace, a smoker``."""
    stations: dict[str, list[str]] = {}
    for way in ways:
        found = COOKED.match(str(way.get("how", "")))
        source = way.get("input") or (found.group("input") if found else "")
        ingredients = way.get("ingredients") or []
        if ingredients and isinstance(ingredients[0], dict):
            source = ingredients[0].get("label", source)
        station = way.get("station") or (found.group("station") if found else way.get("kind"))
        listed = stations.setdefault(str(source), [])
        if station and d.name(station) not in listed:
            listed.append(d.name(station))
    return [
        d.w("cooked_from", source=d.name(source), stations=d.w("list_sep").join(names))
        for source, names in stations.items()
    ]


def _drop(d: Draft, way: dict[str, Any]) -> str:
    source = way.get("from")
    if not source or d.p.lang != "zh":
        return str(way.get("how", ""))
    details = []
    chance = way.get("chance")
    if chance is not None and chance < 1:
        details.append(d.w("drop_chance", chance=_percent(chance)))
    details += [CONDITIONS_ZH.get(c, c) for c in way.get("conditions") or []]
    kind = d.w("mob" if way.get("kind") == "mob_drop" else "block")
    text = d.w("dropped_by", kind=kind, source=d.name(source))
    return f"{text}（{'，'.join(details)}）" if details else text


def _quest_says(d: Draft, r: dict[str, Any]) -> None:
    """An item the data gives no way to get: what the descriptions of the quests looked
    up say about it ("you will have to find one deep in the mine"), the sentences that
    name it and answer the question best."""
    names = {str(r["item"]), d.name(r["item"])}
    for obs in d.seen:
        detail = obs.result if obs.ok and obs.tool == QUEST_DETAIL else {}
        text = str(detail.get("description") or "") if detail.get("found") else ""
        said = sentences_about(text, sorted(names), d.p.text) if text else ""
        if said:
            title, chapter = detail["title"], detail["chapter"]
            d.say("quest_about", obs.numbers, title=title, chapter=chapter, text=said)


# The drop conditions ``item.source`` states, as a Chinese answer says them.
CONDITIONS_ZH = {
    "only when a player kills it": "仅限玩家击杀",
    "needs Silk Touch": "需要精准采集",
    "not with Silk Touch": "不能用精准采集",
    "sometimes": "有时",
}


def _cooks_into(d: Draft, r: dict[str, Any], numbers: list[int]) -> None:
    """What the item cooks into, and where: "Raw Salmon cooks into Cooked Salmon in …"."""
    for into in r.get("cooks_into") or []:
        stations = d.w("list_sep").join(d.names(into.get("stations") or []))
        d.say(
            "cooks_into",
            numbers,
            item=d.name(r["item"]),
            into=d.name(into["item"]),
            stations=stations,
        )


def item_query(d: Draft, obs: Seen) -> None:
    r = obs.result
    if r.get("tag"):
        _tag(d, obs)
        return
    if not r.get("count"):
        if not any(s.tool == "database.query" for s in d.seen):
            d.say("item_not_found", name=d.name(obs.input.get("name", "")))
        return
    matches = r.get("matches") or []
    query = str(r.get("query", ""))
    exact = [i for i, m in enumerate(matches) if _is_named(m, query)]
    shown = exact[:1] or list(range(len(matches)))
    if d.p.asks("food"):
        _food(d, obs, [(i, matches[i]) for i in (exact[:1] or [0])])
        return
    facts = [
        d.w("item_facts", name=d.name(m["name"]), item_id=m["item_id"], stack=m["stack_size"])
        for m in (matches[i] for i in shown)
    ]
    numbers = [n for i in shown for n in obs.number(i)]
    d.say("item_matches", numbers, name=d.name(query), items=d.join(facts))


def _tag(d: Draft, obs: Seen) -> None:
    """Which items count as the tag asked about, and how many more it holds."""
    r = obs.result
    matches = r.get("matches") or []
    if not matches:
        d.say("tag_none", obs.numbers, tag=r["tag"])
        return
    names = d.w("list_sep").join(
        d.w("tag_item", name=d.name(m["name"]), item_id=m["item_id"]) for m in matches
    )
    d.say("tag_items", obs.numbers, tag=r["tag"], items=names)
    if r.get("more"):
        d.say("uses_more", count=r["more"])


def _is_named(match: dict[str, Any], query: str) -> bool:
    wanted = query.casefold().strip()
    names = {str(match.get("name", "")).casefold()}
    item_id = str(match.get("item_id", "")).casefold()
    names |= {item_id, item_id.split(":")[-1].replace("_", " ")}
    return wanted in names or wanted.rstrip("s") in names


def _food(d: Draft, obs: Seen, matches: list[tuple[int, dict[str, Any]]]) -> None:
    for index, match in matches:
        name, numbers = d.name(match["name"]), obs.number(index)
        food = match.get("food")
        if not food:
            d.say("not_food", numbers, item=name)
        else:
            _food_line(d, name, food, numbers)


def _food_line(d: Draft, item: str, food: dict[str, Any], numbers: list[int]) -> None:
    points = food.get("food_points")
    shanks = food.get("hunger_shanks", points / POINTS_PER_SHANK if points else None)
    saturation = food.get("saturation")
    values = {"item": item, "points": _number(points), "shanks": _number(shanks)}
    values["s"] = "" if values["shanks"] == "1" else "s"
    if saturation is None:
        d.say("food", numbers, **values)
    else:
        d.say("food_saturation", numbers, saturation=_number(saturation), **values)


def _number(value: float) -> str:
    """8.0 → "8", 14.400001 → "14.4": the data's floats as a player reads them."""
    return f"{round(float(value), 1):g}"
