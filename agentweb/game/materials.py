"""A bill of materials: the raw materials (and counts) that N of an item take, recursively.

Crafting recipes are followed down to the materials they start from:

* an item with no crafting recipe is a material (a diamond, a log);
* so is an item a mob drops (leather from cows, arrows from skeletons), below the item
  asked for: it is got directly, though a recipe makes it too (leather from rabbit
  hide) — the bill says both ways;
* so is an item whose every recipe only packs or unpacks it — a recipe whose
  ingredient is itself crafted from nothing but this item (ingot ↔ block,
  ingot ↔ nugget, wheat ↔ hay bale): following it would go round in a circle. The
  base of such a pair is the one with a way of its own to be obtained (ingots smelt
  from ore); smelting back gear (what does not stack: tools, armour) or what is
  crafted from its partner is recycling, not a way of its own;
* a slot that takes any of several items (a tag: "any Planks", "Coal or
  Charcoal") is a material as written, with its alternatives: which one to use
  is the player's choice;
* an item met again further down its own recipe (a cycle) and anything below
  ``depth`` levels is not broken down further, and the result says so.

Of several usable recipes the first is followed (shaped before shapeless, the
order of :func:`agentweb.game.queries.item_sources`); the result says how many
there were. Counts round each craft up to whole crafts: 1 torch takes one
craft (it makes 4), so 1 coal and 1 stick, and that stick takes one craft of
2 planks (making 4 sticks).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext, gettext_noop

from agentweb.game import queries
from agentweb.game.models import CRAFTING_KINDS, Item, ItemSource, SourceKind

# Levels of recipes followed below the item asked for.
DEFAULT_DEPTH = 6
MAX_DEPTH = 10
# Items broken down in one bill: a guard against pathological data, far above any real recipe.
MAX_EXPANSIONS = 200
# A mob drop this likely (per kill, as the data gives it) makes an item got directly.
DIRECT_DROP_CHANCE = 0.5
# Why a branch ends, by the material's reason: English to the model (``Bill.cuts``), in
# the player's language on a card (:func:`cut_notes`).
CUT_NOTES = {
    "cycle": gettext_noop("%(name)s is made from itself further down; not broken down."),
    "depth": gettext_noop("%(name)s is not broken down: the depth limit (%(depth)d) was reached."),
}


@dataclass
class Material:
    """A raw material: how many, what it is, why it is not broken down further."""

    item_ids: tuple[str, ...]
    name: str
    count: int
    # no_recipe | dropped | packing | alternatives | cycle | depth | unknown (module docstring)
    reason: str
    alternatives: list[str] = field(default_factory=list)


@dataclass
class Craft:
    """One intermediate craft: how many times, what it makes, from what."""

    item_id: str
    name: str
    crafts: int
    makes: int
    needed: int
    recipe: str
    other_recipes: int = 0


@dataclass
class Bill:
    # What is wanted: each item with how many (a quest's item tasks, say).
    wanted: list[tuple[Item, int]]
    materials: list[Material] = field(default_factory=list)
    crafts: list[Craft] = field(default_factory=list)
    # Cycles and depth cuts, said in words (English), and the depth followed.
    cuts: list[str] = field(default_factory=list)
    depth: int = DEFAULT_DEPTH


def bill_of_materials(wanted: list[tuple[Item, int]], depth: int = DEFAULT_DEPTH) -> Bill:
    """The raw materials that the ``(item, count)`` pairs take together (see the module
    docstring): shared intermediate crafts and materials are added up."""
    chooser = _Chooser(max(1, min(depth, MAX_DEPTH)))
    for item, _ in wanted:
        chooser.decide(item.item_id, (), 0)
    return _count(Bill(wanted, depth=chooser.depth), chooser)


def cut_notes(
    materials: Iterable[Any], depth: int, named: Callable[[str], str] = str, *, said: bool = True
) -> list[str]:
    """Each material whose branch was cut (its ``reason`` a cycle or the depth limit) said
    in a sentence: in the active language with ``said``, else in English; its name as
    ``named`` shows it."""
    return [
        (gettext(CUT_NOTES[m.reason]) if said else CUT_NOTES[m.reason])
        % {"name": named(m.name), "depth": depth}
        for m in materials
        if m.reason in CUT_NOTES
    ]


class _Chooser:
    """Which recipe each item in the tree is made with, or why it is a material."""

    def __init__(self, depth: int) -> None:
        self.depth = depth
        self.recipe: dict[str, ItemSource] = {}
        self.others: dict[str, int] = {}
        # Items that are materials, and why (``Material.reason``).
        self.reason: dict[str, str] = {}

    def decide(self, item_id: str, path: tuple[str, ...], level: int) -> bool:
        """Choose for ``item_id`` below ``path``; ``False`` when every recipe of it
        leads back up the path (then the item is a material: a cycle)."""
        if item_id in path:
            return False
        if item_id in self.recipe or item_id in self.reason:
            return self.reason.get(item_id) != "cycle"
        item = queries.get_item(item_id)
        if item is None:
            self.reason[item_id] = "unknown"
            return True
        recipes = _recipes(item)
        usable = [r for r in recipes if not _packs(r, item)]
        if not usable:
            self.reason[item_id] = "packing" if recipes else "no_recipe"
            return True
        if path and _dropped(item):
            self.reason[item_id] = "dropped"
            return True
        if level >= self.depth or len(self.recipe) >= MAX_EXPANSIONS:
            self.reason[item_id] = "depth"
            return True
        below = (*path, item_id)
        for recipe in usable:
            if all(self._usable(entry, below, level + 1) for entry in recipe.ingredients or []):
                self.recipe[item_id] = recipe
                self.others[item_id] = len(usable) - 1
                return True
        if not path:
            # The item asked for is broken down all the same: the cycle shows below it.
            self.recipe[item_id] = usable[0]
            self.others[item_id] = len(usable) - 1
            return True
        self.reason[item_id] = "cycle"
        return False

    def _usable(self, entry: dict, path: tuple[str, ...], level: int) -> bool:
        ids = entry.get("items") or ()
        return len(ids) != 1 or self.decide(ids[0], path, level)


def _count(bill: Bill, chooser: _Chooser) -> Bill:
    """Whole crafts and material counts, each item's needs added up before it is crafted."""
    needed: dict[str, int] = {}
    for item, count in bill.wanted:
        needed[item.item_id] = needed.get(item.item_id, 0) + count
    roots = list(needed)
    materials: dict[tuple[str, ...], Material] = {}
    for item_id in _top_down(roots, chooser.recipe):
        recipe = chooser.recipe.get(item_id)
        if recipe is None:
            _add(materials, (item_id,), needed[item_id], chooser)
            continue
        crafts = math.ceil(needed[item_id] / max(recipe.result_count, 1))
        bill.crafts.append(
            Craft(
                item_id,
                recipe.item.display_name,
                crafts,
                recipe.result_count,
                needed[item_id],
                _recipe_text(recipe),
                chooser.others.get(item_id, 0),
            )
        )
        for entry in recipe.ingredients or []:
            ids = tuple(entry.get("items") or ())
            if not ids:
                continue
            amount = int(entry.get("count", 1)) * crafts
            if len(ids) == 1:
                needed[ids[0]] = needed.get(ids[0], 0) + amount
            else:
                _add(materials, ids, amount, chooser)
    order = _mentioned(roots, chooser.recipe)
    bill.materials = sorted(materials.values(), key=lambda m: order.get(m.item_ids, len(order)))
    bill.cuts = cut_notes(bill.materials, chooser.depth, said=False)
    return bill


def _top_down(roots: list[str], recipes: dict[str, ItemSource]) -> list[str]:
    """Every item of the chosen trees, each after every item whose recipe uses it."""
    order: list[str] = []
    seen: set[str] = set()

    def visit(item_id: str) -> None:
        seen.add(item_id)
        recipe = recipes.get(item_id)
        for entry in recipe.ingredients or [] if recipe is not None else []:
            ids = entry.get("items") or ()
            if len(ids) == 1 and ids[0] not in seen:
                visit(ids[0])
        order.append(item_id)

    for root in roots:
        if root not in seen:
            visit(root)
    return order[::-1]


def _mentioned(roots: list[str], recipes: dict[str, ItemSource]) -> dict[tuple[str, ...], int]:
    """Each slot of the trees in the order their recipes name it, depth first."""
    order: dict[tuple[str, ...], int] = {(root,): i for i, root in enumerate(roots)}

    def visit(item_id: str) -> None:
        recipe = recipes.get(item_id)
        for entry in recipe.ingredients or [] if recipe is not None else []:
            ids = tuple(entry.get("items") or ())
            if ids and ids not in order:
                order[ids] = len(order)
                if len(ids) == 1:
                    visit(ids[0])

    for root in roots:
        visit(root)
    return order


def _add(
    materials: dict[tuple[str, ...], Material],
    ids: tuple[str, ...],
    count: int,
    chooser: _Chooser,
) -> None:
    found = materials.get(ids)
    if found is not None:
        found.count += count
        return
    names = queries.display_names(ids)
    if len(ids) == 1:
        materials[ids] = Material(ids, names[ids[0]], count, chooser.reason.get(ids[0], "unknown"))
    else:
        label = queries.alternatives_label(list(ids), names)
        materials[ids] = Material(ids, label, count, "alternatives", [names[i] for i in ids])


def _recipes(item: Item) -> list[ItemSource]:
    return queries.item_sources(item, kinds=CRAFTING_KINDS)


def _packs(recipe: ItemSource, item: Item) -> bool:
    """The recipe packs or unpacks ``item`` and ``item`` is the base of the pair: one kind
    of ingredient, itself crafted from nothing but ``item`` (an ingot from a block of
    it, or from its nuggets), while ``item`` has a way of its own to be obtained
    (smelted, dropped). A block of iron has none, so it is crafted from ingots."""
    slots = {tuple(entry.get("items") or ()) for entry in recipe.ingredients or []}
    if len(slots) != 1:
        return False
    (ids,) = slots
    if len(ids) != 1:
        return False
    ingredient = queries.get_item(ids[0])
    if ingredient is None:
        return False
    pair = any(
        {i for e in r.ingredients or [] for i in e.get("items") or ()} == {item.item_id}
        for r in _recipes(ingredient)
    )
    return pair and _obtained_otherwise(item, ingredient.item_id)


def _obtained_otherwise(item: Item, partner: str) -> bool:
    """Whether ``item`` comes from anything but crafting (a block that drops itself when
    mined is no other way, nor recycling: iron armour smelts into nuggets)."""
    return any(
        row.kind not in CRAFTING_KINDS
        and row.source_name != item.item_id
        and not any(_recycled(i, partner) for i in row.ingredient_ids())
        for row in queries.item_sources(item)
    )


def _recycled(item_id: str, partner: str) -> bool:
    """Whether smelting ``item_id`` is recycling: gear (it does not stack), or an item
    crafted from ``partner``."""
    found = queries.get_item(item_id)
    if found is None:
        return False
    return found.stack_size == 1 or any(partner in r.ingredient_ids() for r in _recipes(found))


def _dropped(item: Item) -> bool:
    """Whether a mob drops ``item`` (likely enough to farm it: ``DIRECT_DROP_CHANCE``)."""
    return any(
        row.kind == SourceKind.MOB_DROP and (row.chance is None or row.chance >= DIRECT_DROP_CHANCE)
        for row in queries.item_sources(item)
    )


def _recipe_text(recipe: ItemSource) -> str:
    ids = recipe.ingredient_ids()
    names = queries.display_names(ids)
    parts = [
        f"{int(e.get('count', 1))}× {queries.alternatives_label(list(e.get('items') or ()), names)}"
        for e in recipe.ingredients or []
    ]
    return ", ".join(parts)
