"""Read each recipe and loot table file — or keep the stored one when nothing it depends on
changed, so a re-import reads only what did.

A recipe's result depends on its file and on what it is read with: the item tags, which
ids are items, the mods and loaders (load conditions). Its *file key* is a digest of the
file's fingerprint (where it is, and a zip's CRC-32 and size or a file's size and time:
known without reading it) and of that context. A loot table's key adds the fingerprints
of the tables it follows. On a re-import a recipe or table whose key equals the stored
one is the same: it is not read, its rows stay as they are. Files that were not stored
(skipped, not loaded by their conditions) are read again, so the report stays complete.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from django.db.models import Count

from agentweb.game.importers.pack.collect import Collected, FileRef, read_json
from agentweb.game.importers.pack.conditions import (
    UnknownCondition,
    World,
    conditions_of,
    passes,
)
from agentweb.game.importers.pack.loot import LootReader, ParsedLoot
from agentweb.game.importers.pack.recipes import (
    CONDITIONAL,
    ParsedRecipe,
    SpecialRecipe,
    parse_recipe,
    unwrap_conditional,
)
from agentweb.game.importers.pack.report import PackReport
from agentweb.game.importers.pack.stacks import Reader, full_id
from agentweb.game.models import ItemSource, LootTable, Recipe

MALFORMED = (ValueError, TypeError, AttributeError, KeyError)


def file_key(context: str, *fingerprints: str) -> str:
    return hashlib.sha1("|".join((context, *fingerprints)).encode()).hexdigest()


@dataclass
class Known:
    """The file keys stored by the last import, of the recipes and tables whose ways to
    obtain items are all still there (one whose rows were deleted since is read again)."""

    recipes: dict[str, str] = field(default_factory=dict)
    loot: dict[str, tuple[str, list[str]]] = field(default_factory=dict)

    @classmethod
    def load(cls) -> Known:
        present = _sources_per_owner()
        recipes = {
            recipe: key
            for pk, recipe, key, rows in Recipe.objects.values_list(
                "pk", "recipe_id", "file_key", "source_rows"
            )
            if present["recipe"].get(pk, 0) >= rows
        }
        loot = {
            table: (key, refs)
            for pk, table, key, refs, rows in LootTable.objects.values_list(
                "pk", "table_id", "file_key", "references", "source_rows"
            )
            if present["loot_table"].get(pk, 0) >= rows
        }
        return cls(recipes, loot)


def _sources_per_owner() -> dict[str, dict[int, int]]:
    """How many ways to obtain items each recipe and loot table has now, by its pk."""
    counts: dict[str, dict[int, int]] = {}
    for owner in ("recipe", "loot_table"):
        rows = (
            ItemSource.objects.filter(**{f"{owner}__isnull": False})
            .values_list(f"{owner}_id")
            .annotate(n=Count("id"))
            .order_by()
        )
        counts[owner] = dict(rows)
    return counts


@dataclass
class Read:
    """What was read, and what was kept as stored (id → the source it came from)."""

    recipes: list[ParsedRecipe] = field(default_factory=list)
    loot: list[ParsedLoot] = field(default_factory=list)
    kept_recipes: dict[str, str] = field(default_factory=dict)
    kept_loot: dict[str, str] = field(default_factory=dict)


def _passes(raw: dict, where: str, conditions: World, report: PackReport, name: str) -> bool:
    listed = conditions_of(raw)
    if listed is None:
        return True
    try:
        if passes(listed, conditions):
            return True
    except UnknownCondition as exc:
        report.skip(where, f"unknown load condition {exc}")
        return False
    report.per_source[name]["not loaded (conditions false)"] += 1
    return False


def read_recipes(
    collected: Collected,
    report: PackReport,
    reader: Reader,
    conditions: World,
    context: str,
    known: Known,
    out: Read,
) -> None:
    for recipe_id, ref in sorted(collected.recipes.items()):
        key = file_key(context, ref.fingerprint)
        if known.recipes.get(recipe_id) == key:
            out.kept_recipes[recipe_id] = ref.source.name
            report.per_source[ref.source.name]["recipes"] += 1
            continue
        recipe = _recipe(recipe_id, ref, report, reader, conditions)
        if recipe is not None:
            recipe.source, recipe.file_key = ref.source.name, key
            out.recipes.append(recipe)
            report.per_source[ref.source.name]["recipes"] += 1


def _recipe(
    recipe_id: str, ref: FileRef, report: PackReport, reader: Reader, conditions: World
) -> ParsedRecipe | None:
    where = f"{ref.source.name}!{ref.path}"
    raw = read_json(ref, report)
    if raw is None:
        return None
    if not isinstance(raw, dict):
        report.skip(where, "not a recipe (a JSON object)")
        return None
    if not _passes(raw, where, conditions, report, ref.source.name):
        return None
    if full_id(str(raw.get("type", ""))) in CONDITIONAL:
        try:
            raw = unwrap_conditional(raw, lambda c: passes(c, conditions))
        except UnknownCondition as exc:
            report.skip(where, f"unknown load condition {exc}")
            return None
        if raw is None:
            report.per_source[ref.source.name]["not loaded (conditions false)"] += 1
            return None
    try:
        recipe = parse_recipe(recipe_id, raw, reader)
    except SpecialRecipe as exc:
        report.recipe_type(str(exc), rendered=True, station="computed by the game")
        report.counts["recipes computed by the game (no fixed result)"] += 1
        return None
    except MALFORMED as exc:
        report.skip(where, f"recipe {recipe_id}: {exc}")
        return None
    unknown = [r["item"] for r in recipe.results if "item" in r and not reader.is_item(r["item"])]
    if unknown:
        report.skip(where, f"recipe {recipe_id}: result {unknown[0]} is not an item of this pack")
        return None
    return recipe


def read_loot(
    collected: Collected,
    report: PackReport,
    tags,
    conditions: World,
    context: str,
    known: Known,
    out: Read,
) -> None:
    cache: dict[str, dict | None] = {}

    def table(table_id: str) -> dict | None:
        if table_id not in cache:
            ref = collected.loot_tables.get(table_id)
            raw = read_json(ref, report) if ref else None
            if ref is not None and raw is not None and not isinstance(raw, dict):
                report.skip(f"{ref.source.name}!{ref.path}", "not a loot table (a JSON object)")
            cache[table_id] = raw if isinstance(raw, dict) else None
        return cache[table_id]

    def fingerprint(table_id: str) -> str:
        ref = collected.loot_tables.get(table_id)
        return ref.fingerprint if ref else "none"

    reader = LootReader(tags.members, table)
    for table_id, ref in sorted(collected.loot_tables.items()):
        stored = known.loot.get(table_id)
        if stored and stored[0] == file_key(context, ref.fingerprint, *map(fingerprint, stored[1])):
            out.kept_loot[table_id] = ref.source.name
            report.per_source[ref.source.name]["loot tables"] += 1
            continue
        raw = table(table_id)
        if raw is None:
            continue  # unreadable: reported when read
        where = f"{ref.source.name}!{ref.path}"
        if not _passes(raw, where, conditions, report, ref.source.name):
            continue
        try:
            parsed = reader.parse(table_id, raw)
        except MALFORMED as exc:
            report.skip(where, f"loot table {table_id}: {exc}")
            continue
        parsed.source = ref.source.name
        parsed.file_key = file_key(context, ref.fingerprint, *map(fingerprint, parsed.references))
        out.loot.append(parsed)
        report.per_source[ref.source.name]["loot tables"] += 1
