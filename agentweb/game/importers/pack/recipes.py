"""Recipe files → recipes: vanilla types shown as the game shows them, any other type kept
generically (its ingredients, results and the rest as data).

Vanilla types, in the 1.20 (``recipes/``, ``"item"``, string results) and 1.21
(``recipe/``, ``"id"``, components, string ingredients) formats: shaped and shapeless
crafting, smelting, blasting, smoking, campfire cooking, stonecutting, smithing
(``smithing_transform``) and ``crafting_transmute``. Recipes the game computes in code
(``crafting_special_*``, decorated pots, armour trims) have no fixed result and are only
counted. Any other type — ``create:mixing``, ``mekanism:enriching`` — keeps its type, its
ingredients (items, tags, fluids with amounts), its results (counts, chances, fluids) and
every other field (time, heat, energy) as data; a ``pattern`` with a ``key`` becomes a grid.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from agentweb.game.importers.pack.stacks import Reader, full_id, is_id
from agentweb.game.models.items import SourceKind

COOKING = {
    "minecraft:smelting": SourceKind.SMELTING,
    "minecraft:blasting": SourceKind.BLASTING,
    "minecraft:smoking": SourceKind.SMOKING,
    "minecraft:campfire_cooking": SourceKind.CAMPFIRE,
}
SPECIAL = re.compile(
    r"^minecraft:(crafting_special_.*|crafting_decorated_pot|smithing_trim|crafting_imbue)$"
)
CONDITIONAL = ("forge:conditional", "neoforge:conditional")
# Where the game makes its own recipe types (English; the tools name them per language).
VANILLA_STATIONS = {
    "minecraft:crafting_shaped": "Crafting Table",
    "minecraft:crafting_shapeless": "Crafting Table",
    "minecraft:crafting_transmute": "Crafting Table",
    "minecraft:smelting": "Furnace",
    "minecraft:blasting": "Blast Furnace",
    "minecraft:smoking": "Smoker",
    "minecraft:campfire_cooking": "Campfire",
    "minecraft:stonecutting": "Stonecutter",
    "minecraft:smithing_transform": "Smithing Table",
}
# Fields that say nothing about what a recipe makes or takes.
BOOKKEEPING = {
    "type",
    "group",
    "category",
    "show_notification",
    "neoforge:conditions",
    "forge:conditions",
    "fabric:load_conditions",
    "conditions",
}
OUTPUT_KEY = re.compile(r"result|output|product", re.IGNORECASE)
INPUT_KEY = re.compile(
    r"ingredient|input|item|base|addition|template|catalyst|material|tool", re.IGNORECASE
)
# Inputs a recipe uses and gives back (Farmer's Delight's knife on the cutting board, a
# catalyst): needed once, never used up, so never counted per craft.
KEPT_KEY = re.compile(r"tool|catalyst", re.IGNORECASE)
# Intermediate items of a multi-step recipe (Create's sequenced assembly): data, not inputs.
TRANSITIONAL = re.compile(r"transitional", re.IGNORECASE)
# A generic recipe's data is for reading, not a copy of the file: kept under this size.
MAX_DATA_CHARS = 2000


class SpecialRecipe(Exception):
    """A recipe the game computes in code: nothing fixed to show."""


@dataclass
class ParsedRecipe:
    recipe_id: str
    type: str
    kind: str
    rendered: bool
    ingredients: list[dict]
    results: list[dict]
    grid: list[list[Any]] | None = None
    data: dict = field(default_factory=dict)
    source: str = ""
    # Where it is made, without the lang files (a vanilla station, or the type's readable
    # path); the name index names it in every language (kind "station").
    station: str = ""
    mod: str = ""
    file_key: str = ""

    def content(self) -> dict:
        return {
            "type": self.type,
            "kind": self.kind,
            "rendered": self.rendered,
            "ingredients": self.ingredients,
            "results": self.results,
            "grid": self.grid,
            "data": self.data,
            "station": self.station,
            "mod": self.mod,
        }


def parse_recipe(recipe_id: str, raw: dict, reader: Reader) -> ParsedRecipe:
    """One recipe (raises :class:`SpecialRecipe`, ``ValueError`` for a malformed file)."""
    type_id = full_id(str(raw.get("type", "")))
    if not raw.get("type"):
        raise ValueError("no recipe type")
    if SPECIAL.match(type_id):
        raise SpecialRecipe(type_id)
    if type_id in ("minecraft:crafting_shaped",):
        return _shaped(recipe_id, type_id, raw, reader)
    if type_id == "minecraft:crafting_shapeless":
        ingredients = _counted([reader.ingredient(i) for i in raw.get("ingredients", [])])
        return _vanilla(recipe_id, type_id, SourceKind.CRAFTING_SHAPELESS, ingredients, raw, reader)
    if type_id in COOKING:
        ingredients = _counted([reader.ingredient(raw.get("ingredient"))])
        recipe = _vanilla(recipe_id, type_id, COOKING[type_id], ingredients, raw, reader)
        recipe.data = _pick(raw, ("experience", "cookingtime"))
        return recipe
    if type_id == "minecraft:stonecutting":
        ingredients = _counted([reader.ingredient(raw.get("ingredient"))])
        recipe = _vanilla(recipe_id, type_id, SourceKind.STONECUTTING, ingredients, raw, reader)
        if isinstance(raw.get("result"), str) and isinstance(raw.get("count"), int):
            recipe.results[0]["count"] = raw["count"]  # 1.20: the count beside the result id
        return recipe
    if type_id == "minecraft:smithing_transform":
        parts = [reader.ingredient(raw.get(key)) for key in ("template", "base", "addition")]
        return _vanilla(recipe_id, type_id, SourceKind.SMITHING, _counted(parts), raw, reader)
    if type_id == "minecraft:crafting_transmute":
        parts = [reader.ingredient(raw.get(key)) for key in ("input", "material")]
        return _vanilla(
            recipe_id, type_id, SourceKind.CRAFTING_SHAPELESS, _counted(parts), raw, reader
        )
    return _generic(recipe_id, type_id, raw, reader)


def _vanilla(
    recipe_id: str, type_id: str, kind: str, ingredients: list[dict], raw: dict, reader: Reader
) -> ParsedRecipe:
    results = reader.results(raw.get("result"))
    if not results:
        raise ValueError("no result")
    if not ingredients:
        raise ValueError("no ingredient")
    return ParsedRecipe(recipe_id, type_id, str(kind), True, ingredients, results[:1])


def _shaped(recipe_id: str, type_id: str, raw: dict, reader: Reader) -> ParsedRecipe:
    grid, ingredients = _grid(raw, reader)
    recipe = _vanilla(recipe_id, type_id, SourceKind.CRAFTING_SHAPED, ingredients, raw, reader)
    recipe.grid = grid
    return recipe


def _grid(raw: dict, reader: Reader) -> tuple[list[list[Any]], list[dict]]:
    pattern, key = raw.get("pattern"), raw.get("key")
    if not isinstance(pattern, list) or not isinstance(key, dict) or not pattern:
        raise ValueError("a shaped recipe needs a pattern and a key")
    symbols = {symbol: reader.ingredient(value) for symbol, value in key.items()}
    width = max(len(str(row)) for row in pattern)
    grid, used = [], Counter()
    for row in pattern:
        cells = []
        for symbol in str(row).ljust(width):
            ingredient = symbols.get(symbol) if symbol != " " else None
            if symbol != " " and ingredient is None:
                raise ValueError(f"pattern symbol {symbol!r} is not in the key")
            cells.append(_cell(ingredient) if ingredient else None)
            if ingredient:
                used[symbol] += 1
        grid.append(cells)
    ingredients = [{**symbols[s], "count": n} for s, n in used.items()]
    return grid, ingredients


def _cell(ingredient: dict) -> Any:
    """A grid cell: the alternatives, or ``{"tag", "items"}`` for any item of a tag."""
    if ingredient.get("tag"):
        return {"tag": ingredient["tag"], "items": ingredient["items"]}
    return list(ingredient["items"]) or {"special": ingredient.get("special", "?"), "items": []}


def _counted(ingredients: list[dict | None]) -> list[dict]:
    """Equal ingredients as one entry with their count (shapeless lists repeat them)."""
    if any(i is None for i in ingredients):
        raise ValueError("an ingredient this reader cannot read")
    counted: dict[str, dict] = {}
    for ingredient in ingredients:
        key = json.dumps({k: v for k, v in ingredient.items() if k != "count"}, sort_keys=True)
        if key in counted:
            counted[key]["count"] += ingredient.get("count", 1)
        else:
            counted[key] = dict(ingredient)
    return list(counted.values())


def _pick(raw: dict, keys: tuple[str, ...]) -> dict:
    return {key: raw[key] for key in keys if key in raw}


def unwrap_conditional(raw: dict, passes) -> dict | None:
    """Forge's ``conditional`` recipe: the first entry whose conditions hold, else ``None``."""
    for entry in raw.get("recipes", []):
        if isinstance(entry, dict) and passes(entry.get("conditions", [])):
            recipe = entry.get("recipe")
            return recipe if isinstance(recipe, dict) else None
    return None


# --- any other type ---------------------------------------------------------------


def _generic(recipe_id: str, type_id: str, raw: dict, reader: Reader) -> ParsedRecipe:
    ingredients: list[dict] = []
    results: list[dict] = []
    data: dict = {}
    grid = None
    if isinstance(raw.get("pattern"), list) and isinstance(raw.get("key"), dict):
        grid, ingredients = _grid(raw, reader)
    for key, value in raw.items():
        if key in BOOKKEEPING or (grid is not None and key in ("pattern", "key")):
            continue
        fluid = "fluid" in key.lower()
        if TRANSITIONAL.search(key):
            data[key] = value
        elif OUTPUT_KEY.search(key):
            found = reader.results(value, fluid=fluid)
            results += found
            if not found:
                data[key] = value
        elif _is_steps(value):
            data["steps"] = [str(step.get("type")) for step in value]
            for step in value:
                ingredients += _step_inputs(step, reader)
        else:
            found = _inputs(key, value, reader, fluid=fluid)
            if found and KEPT_KEY.search(key):
                found = [{**ingredient, "kept": True} for ingredient in found]
            if found:
                ingredients += found
            else:
                data[key] = value
    if not results:
        raise ValueError("no result this reader can find")
    if grid is None:
        ingredients = _counted(ingredients)  # the same ingredient twice is one line, counted
    return ParsedRecipe(
        recipe_id,
        type_id,
        str(SourceKind.PROCESSING),
        False,
        ingredients,
        results,
        grid,
        _small(data),
    )


def _inputs(key: str, value: Any, reader: Reader, *, fluid: bool) -> list[dict]:
    if isinstance(value, str) and not INPUT_KEY.search(key):
        return []
    if isinstance(value, int | float | bool) or value is None:
        return []
    if (
        isinstance(value, list)
        and key.endswith("s")
        and all(not isinstance(v, int | float | bool) for v in value)
    ):
        parts = [reader.ingredient(v, fluid=fluid) for v in value]
        return [p for p in parts if p is not None] if all(parts) else []
    found = reader.ingredient(value, fluid=fluid)
    return [found] if found is not None and not found.get("special") else []


def _is_steps(value: Any) -> bool:
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(v, dict) and is_id(v.get("type")) for v in value)
        and any("results" in v or "result" in v for v in value)
    )


def _step_inputs(step: dict, reader: Reader) -> list[dict]:
    """What one step of a sequence adds (its first ingredient is the item being made)."""
    found = []
    for key in ("ingredients", "ingredient"):
        value = step.get(key)
        if isinstance(value, list):
            found += [p for p in (reader.ingredient(v) for v in value[1:]) if p]
    return found


def _small(data: dict) -> dict:
    if len(json.dumps(data, default=str)) <= MAX_DATA_CHARS:
        return data
    return {k: v for k, v in data.items() if isinstance(v, str | int | float | bool)}
