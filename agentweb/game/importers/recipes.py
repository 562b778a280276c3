"""Fold tag-expanded crafting recipes back into one recipe with alternatives.

minecraft-data lists a recipe that takes "any planks" once per plank type
(stick: 11 recipes plus one from bamboo) and a recipe with two tags once per
combination (campfire: 2 coals × 40 logs = 80). Recipes for the same result
with the same shape are folded when they are exactly the cartesian product
of per-slot alternatives; otherwise the set is split on its least varied slot
and each part is tried again. Positions that always hold the same item as
each other move together (the three log slots of a campfire), which is how
a tag filling several slots behaves in the data.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from math import prod

Slots = tuple[str | None, ...]


@dataclass(frozen=True)
class RawRecipe:
    """One recipe as listed: flattened slots (row-major for shaped)."""

    shaped: bool
    width: int
    slots: Slots
    count: int


@dataclass
class FoldedRecipe:
    shaped: bool
    count: int
    grid: list[list[list[str] | None]] | None
    ingredients: list[dict]
    variant_count: int


def fold_recipes(recipes: list[RawRecipe]) -> list[FoldedRecipe]:
    """Group the recipes of one result item; each group becomes one folded recipe."""
    groups: dict[tuple, list[Slots]] = defaultdict(list)
    for recipe in recipes:
        mask = tuple(slot is None for slot in recipe.slots)
        signature = (recipe.shaped, recipe.width, mask, recipe.count)
        if recipe.slots not in groups[signature]:
            groups[signature].append(recipe.slots)
    folded: list[FoldedRecipe] = []
    for (shaped, width, mask, count), members in groups.items():
        for classes, variants in _factor(members, len(mask)):
            folded.append(_build(shaped, width, mask, count, classes, variants))
    return folded


def _factor(members: list[Slots], size: int) -> list[tuple[list[tuple[list[int], list]], int]]:
    """Split ``members`` into parts that are each a cartesian product of slot alternatives."""
    classes = _position_classes(members, size)
    alternatives = [_ordered_unique(m[positions[0]] for m in members) for positions in classes]
    if prod(len(alts) for alts in alternatives) == len(members):
        return [(list(zip(classes, alternatives, strict=True)), len(members))]
    # Not a full product: split on the slot with the fewest (but several) choices.
    varied = [i for i, alts in enumerate(alternatives) if len(alts) > 1]
    pivot = min(varied, key=lambda i: len(alternatives[i]))
    position = classes[pivot][0]
    parts: dict[str | None, list[Slots]] = defaultdict(list)
    for member in members:
        parts[member[position]].append(member)
    result = []
    for part in parts.values():
        result.extend(_factor(part, size))
    return result


def _position_classes(members: list[Slots], size: int) -> list[list[int]]:
    """Group non-empty positions that hold the same item in every member."""
    by_column: dict[tuple, list[int]] = defaultdict(list)
    for position in range(size):
        column = tuple(m[position] for m in members)
        if column[0] is not None:
            by_column[column].append(position)
    return sorted(by_column.values())


def _ordered_unique(values) -> list:
    seen: dict = {}
    for value in values:
        seen.setdefault(value, None)
    return list(seen)


def _build(
    shaped: bool,
    width: int,
    mask: tuple[bool, ...],
    count: int,
    classes: list[tuple[list[int], list]],
    variants: int,
) -> FoldedRecipe:
    slot_items: list[list[str] | None] = [None] * len(mask)
    ingredients = []
    for positions, alternatives in classes:
        for position in positions:
            slot_items[position] = list(alternatives)
        ingredients.append({"items": list(alternatives), "count": len(positions)})
    grid = None
    if shaped:
        grid = [slot_items[row : row + width] for row in range(0, len(slot_items), width)]
    return FoldedRecipe(shaped, count, grid, ingredients, variants)
