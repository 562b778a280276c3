"""``mob.drops``: what a mob drops, the other way round from ``item.source``.

The mob is named in any imported language, by id, in the plural or misspelled within the
name index's floor (:func:`agentweb.game.mentions.mobs_named`); a name that is no mob of
the data is said so, with the mobs whose names are close offered — never an item's
facts. An entity that is no mob (an arrow, a boat: :mod:`agentweb.game.mobs`) is said to
be none. A mob the data has no drops for (a modded one a quest asks to kill) is said to
have none, with the quests that ask to kill it. Given an item too, the result says
whether the mob drops it (from the mob's drops, every one of them, not the item's
sources), with its chance and conditions.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from pydantic import BaseModel, Field
from rapidfuzz import fuzz, process

from agentweb.engine import ReActTool, Source, ToolCall
from agentweb.game import queries
from agentweb.game.mentions import every_mob, mobs_named, name_of, shown_names, things_named
from agentweb.game.mobs import killing_quests
from agentweb.game.models import ItemSource, NameKind, SourceKind
from agentweb.game.models.names import fold
from agentweb.game.search.game_names import game_language
from agentweb.game.text import clean_text
from agentweb.game.tools.common import MAX_NAME, Limit, ToolInput, db
from agentweb.game.tools.item_results import source_infos
from agentweb.game.tools.items import DROP_NUMBERS, LANGUAGE_FIELD, MODULE, resolve_item
from agentweb.game.tools.shown import Shown, shown_in
from agentweb.game.tools.ways import CONDITIONS, RARE

# Mobs offered when a name is no mob of the data, and how close their names must be
# (rapidfuzz's ratio, 0–100, on the folded names).
CANDIDATES = 5
NEAR = 60


class MobDropsInput(ToolInput):
    mob: str = Field(
        min_length=1,
        max_length=MAX_NAME,
        description="The mob's name in any language, or its id, e.g. 'zombie', '僵尸' or "
        "'minecraft:zombie'.",
    )
    item: str | None = Field(
        None,
        min_length=1,
        max_length=MAX_NAME,
        description="An item to look for among the mob's drops (any language, or its id): "
        "whether the mob drops it, with its chance and conditions.",
    )
    limit: Limit = 10
    language: str | None = LANGUAGE_FIELD


class MobDrop(BaseModel):
    """One thing a mob drops, as the data gives it."""

    item: str
    item_id: str
    chance: float | None = None
    count_min: int | None = None
    count_max: int | None = None
    conditions: list[str] = []

    def details(self, english: bool = True) -> list[str]:
        """Chance, count and conditions, in English or the active language."""
        said: list[str] = []
        if self.chance is not None and self.chance < 1:
            chance = f"{self.chance:.1%}" if self.chance >= RARE else "rare"
            said.append(
                f"chance {chance}" if english else _("chance %(chance)s") % {"chance": chance}
            )
        if self.count_min is not None and self.count_max is not None:
            span = str(self.count_min)
            if self.count_max != self.count_min:
                span = f"{self.count_min}–{self.count_max}"
            said.append(
                f"{span} at a time" if english else _("%(span)s at a time") % {"span": span}
            )
        for c in self.conditions:
            said.append(c if english or c not in CONDITIONS else CONDITIONS[c]())
        return said

    def brief(self) -> dict[str, Any]:
        data: dict[str, Any] = {"item": self.item, "item_id": self.item_id}
        if self.chance is not None:
            data["chance"] = round(self.chance, 4)
        if self.count_min is not None:
            data["count"] = (
                str(self.count_min)
                if self.count_max in (None, self.count_min)
                else f"{self.count_min}–{self.count_max}"
            )
        if self.conditions:
            data["conditions"] = self.conditions
        return data


class KillingQuest(BaseModel):
    title: str
    chapter: str
    count: int


class MobDropsResult(BaseModel):
    query: str
    mob: str | None = None
    mob_id: str | None = None
    drops: list[MobDrop] = []
    total: int = 0
    # Mobs whose names are close to the query, when it names none.
    candidates: list[str] = []
    # The entity the query names when it is no mob (an arrow, a boat): its English name.
    not_mob: str | None = None
    # The quests that ask to kill the mob, when the data has no drops for it.
    killed_in: list[KillingQuest] = []
    # The item asked about (``item``): as asked, as found, and the mob's drop of it.
    item_query: str | None = None
    item: str | None = None
    item_id: str | None = None
    item_drop: MobDrop | None = None
    # How the card names things (not the model's: it reads the names as found).
    shown: Shown = Field(default_factory=Shown, exclude=True)


def lookup_drops(
    name: str, limit: int = 10, language: str | None = None, item: str | None = None
) -> MobDropsResult:
    """The mob called ``name`` and what it drops (likeliest first), named in ``language``;
    with ``item``, whether that item is among its drops."""
    text = clean_text(name).strip()
    known = list(dict.fromkeys(mobs_named(text)))
    if not known:
        return _no_mob(name, text, language)
    likeliest = ("-chance", "item__display_name")
    rows = list(_drops_of(known[:1]).select_related("item").order_by(*likeliest))
    infos = source_infos(rows, language=language)
    names = queries.display_names([r.item.item_id for r in rows], language=language)
    drops: dict[str, MobDrop] = {}
    for row, info in zip(rows, infos, strict=True):
        drops.setdefault(
            row.item.item_id,
            MobDrop(
                item=names.get(row.item.item_id) or row.item.display_name,
                item_id=row.item.item_id,
                chance=info.chance,
                count_min=info.count_min,
                count_max=info.count_max,
                conditions=info.conditions,
            ),
        )
    mob_id = known[0]
    mob = name_of(NameKind.ENTITY, mob_id, game_language(language)) or mob_id
    english = name_of(NameKind.ENTITY, mob_id) or mob
    listed = list(drops.values())
    result = MobDropsResult(
        query=name, mob=english, mob_id=mob_id, drops=listed[:limit], total=len(listed)
    )
    if not listed:
        result.killed_in = [
            KillingQuest(title=t, chapter=c, count=n) for t, c, n in killing_quests(mob_id)
        ]
    if item:
        _asked_item(result, item, drops, language)
    shown = [english, *(d.item for d in result.drops), *([result.item] if result.item else [])]
    result.shown = shown_in(language, shown)
    if mob != english:
        result.shown.names.setdefault(english, mob)
    return result


def _asked_item(
    result: MobDropsResult, item: str, drops: dict[str, MobDrop], language: str | None
) -> None:
    """Whether the mob drops ``item``: the item as found, and the mob's drop of it (of all
    its drops, not only those listed)."""
    result.item_query = item
    found, _candidates = resolve_item(item, language)
    if found is None:
        return
    names = queries.display_names([found.item_id], language=language)
    result.item = names.get(found.item_id) or found.display_name
    result.item_id = found.item_id
    result.item_drop = drops.get(found.item_id)


def _no_mob(name: str, text: str, language: str | None) -> MobDropsResult:
    """A name that is no mob: an entity that is none (an arrow, a boat), said so; else the
    mobs of close names offered."""
    entities = [t.key for t in things_named(text, [NameKind.ENTITY])]
    if ":" in text and " " not in text and name_of(NameKind.ENTITY, text.lower()):
        entities = [text.lower()]
    if entities:
        entity = name_of(NameKind.ENTITY, entities[0]) or entities[0]
        return MobDropsResult(query=name, not_mob=entity, shown=shown_in(language, [entity]))
    candidates = _near_mobs(text)
    return MobDropsResult(query=name, candidates=candidates, shown=shown_in(language, candidates))


def _drops_of(ids: list[str]) -> Any:
    return _drops_of_any().filter(source_name__in=ids)


def _near_mobs(text: str) -> list[str]:
    """The English names of the mobs (:mod:`agentweb.game.mobs`) whose names, in English or
    Chinese (the data's, else the glossary's), are close to ``text``."""
    ids = sorted(every_mob())
    english = {name_of(NameKind.ENTITY, i) or i: i for i in ids}
    chinese = shown_names(list(english), "zh_cn")
    choices: dict[str, str] = {}
    for name in english:
        choices[f"en\n{name}"] = fold(name)
        if chinese.get(name, name) != name:
            choices[f"zh\n{name}"] = fold(chinese[name])
    found = process.extract(
        fold(text), choices, scorer=fuzz.ratio, score_cutoff=NEAR, limit=CANDIDATES * 2
    )
    names = dict.fromkeys(choice.split("\n", 1)[1] for _f, _s, choice in found)
    return list(names)[:CANDIDATES]


def _drops_of_any() -> Any:
    return ItemSource.objects.filter(kind=SourceKind.MOB_DROP)


async def mob_drops(value: MobDropsInput, call: ToolCall) -> MobDropsResult:
    return await db(lookup_drops, value.mob, value.limit, value.language, value.item)


def _observe(out: MobDropsResult) -> dict[str, Any]:
    if out.not_mob is not None:
        return {
            "query": out.query,
            "found": False,
            "entity": out.not_mob,
            "message": f"{out.not_mob} is an entity of the game data but no mob: "
            "nothing drops from killing it.",
        }
    if out.mob is None:
        data: dict[str, Any] = {"query": out.query, "found": False}
        data["message"] = f"No mob named {out.query!r} is in the game data."
        if out.candidates:
            data["candidates"] = out.candidates
        return data
    data = {"mob": out.mob, "mob_id": out.mob_id, "found": True, "count": out.total}
    if out.item_query is not None:
        data.update(_observe_item(out))
    if not out.total:
        data["message"] = f"The data lists no drops for {out.mob}."
        if out.killed_in:
            data["killed_in"] = [q.model_dump() for q in out.killed_in]
        return data
    data["drops"] = [d.brief() for d in out.drops]
    if out.total > len(out.drops):
        data["more"] = out.total - len(out.drops)
    data["drop_numbers"] = DROP_NUMBERS
    return data


def _observe_item(out: MobDropsResult) -> dict[str, Any]:
    """Whether the mob drops the item asked about."""
    if out.item is None:
        return {
            "item_query": out.item_query,
            "item_found": False,
            "item_message": f"No item named {out.item_query!r} is in the item data.",
        }
    data: dict[str, Any] = {"item": out.item, "item_id": out.item_id, "drops_item": False}
    if out.item_drop is not None:
        data["drops_item"] = True
        data["item_drop"] = out.item_drop.brief()
    else:
        data["item_message"] = f"The data lists no {out.item} among the drops of {out.mob}."
    return data


def _said(drop: MobDrop, shown: Shown) -> str:
    details = drop.details(shown.english)
    name = shown(drop.item)
    if not details:
        return name
    if shown.english:
        return f"{name} ({', '.join(details)})"
    return _("%(way)s (%(details)s)") % {"way": name, "details": _(", ").join(details)}


def drops_card(out: MobDropsResult) -> dict[str, Any] | None:
    """The mob's drops, every name as the answer shows it, in the run's language."""
    if out.mob is None:
        return None
    shown = out.shown
    if shown.english:
        title = f"Drops of {out.mob}"
        empty = f"The data lists no drops for {out.mob}."
        lines = [_said(d, shown) for d in out.drops]
    else:
        with shown.speaking():
            title = _("Drops of %(mob)s") % {"mob": shown(out.mob)}
            empty = _("The data lists no drops for %(mob)s.") % {"mob": shown(out.mob)}
            lines = [_said(d, shown) for d in out.drops]
    return {"kind": "mob_drops", "title": title, "items": lines or [empty]}


def drops_sources(value: MobDropsInput | None, out: MobDropsResult) -> list[Source]:
    if out.mob is None:
        return []
    return [Source(f"Mob: {out.mob}", kind="mob", snippet=f"{out.total} drop(s) of {out.mob}")]


MOB_DROPS = ReActTool(
    "mob.drops",
    "What a mob drops.",
    MobDropsInput,
    mob_drops,
    module=MODULE,
    dedupe=lambda v: (v.mob.lower(), (v.item or "").lower(), v.limit, v.language),
    observe=_observe,
    card=drops_card,
    sources=drops_sources,
).for_reasoning(
    "What a mob drops when killed: every item with its chance, count and conditions "
    "('only when a player kills it'), likeliest first. Takes the mob's name in any "
    "language, its plural or id; a name that is no mob says so with the mobs of close "
    "names. Give `item` too to ask whether the mob drops that item ('do zombies drop "
    "iron ingots?'). A mob with no drops in the data comes with the quests that ask to "
    "kill it. For where an item comes from, use item.source."
)
