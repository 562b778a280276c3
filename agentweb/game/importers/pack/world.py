"""Read a pack into a world — items, names, tags, recipes, loot, a quest book — with no
database writes (the database is only read for the vanilla items already imported).

What counts as an item: the vanilla items already imported (minecraft-data), and every
id a source names as an item — an ``item.<ns>.<path>`` lang key or an item model
(``assets/<ns>/models/item/``, ``assets/<ns>/items/``). A recipe whose result is not
one of them is reported and left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from django.utils.text import slugify

from agentweb.game.importers.errors import ImportFailed
from agentweb.game.importers.ftb_parse import ParsedPack, find_quests_dir, parse_pack
from agentweb.game.importers.pack.collect import Collected, Collector, read_json
from agentweb.game.importers.pack.conditions import (
    UnknownCondition,
    World,
    conditions_of,
    passes,
)
from agentweb.game.importers.pack.lang import (
    NameRows,
    in_language,
    merge_lang,
    simple_names,
    station_names,
)
from agentweb.game.importers.pack.loot import LootReader, ParsedLoot
from agentweb.game.importers.pack.recipes import (
    CONDITIONAL,
    VANILLA_STATIONS,
    ParsedRecipe,
    SpecialRecipe,
    parse_recipe,
    unwrap_conditional,
)
from agentweb.game.importers.pack.report import PackReport
from agentweb.game.importers.pack.sources import Found
from agentweb.game.importers.pack.stacks import Reader, full_id
from agentweb.game.importers.pack.tags import TagTable
from agentweb.game.models import Item, NameKind
from agentweb.game.models.names import DEFAULT_LANGUAGE
from agentweb.game.text import prettify_id

# Mod ids every pack has, whatever its loader.
ALWAYS_LOADED = frozenset({"minecraft", "c", "brigadier"})


@dataclass
class PackItem:
    item_id: str
    display_name: str


@dataclass
class PackWorld:
    items: dict[str, PackItem] = field(default_factory=dict)
    names: NameRows = field(default_factory=dict)
    tags: dict[str, list[str]] = field(default_factory=dict)
    recipes: list[ParsedRecipe] = field(default_factory=list)
    loot: list[ParsedLoot] = field(default_factory=list)
    book: ParsedPack | None = None
    book_slug: str = ""
    book_root: Path | None = None
    vanilla: dict[str, str] = field(default_factory=dict)


def build_world(found: Found, report: PackReport, *, book_slug: str | None = None) -> PackWorld:
    collected = Collector(found, report).run()
    world = PackWorld()
    strings = merge_lang(collected, report)
    world.names = simple_names(strings)
    world.vanilla = dict(Item.objects.exclude(origin="pack").values_list("item_id", "display_name"))
    _items(world, collected)
    is_item = lambda item_id: item_id in world.vanilla or item_id in world.items  # noqa: E731
    tags = TagTable(collected, report, is_item)
    mods = frozenset(collected.mods) | collected.loaders | ALWAYS_LOADED
    conditions = World(mods=mods, has_item=is_item, tag_members=tags.members)
    tags.load(conditions)
    reader = Reader(tags.members, is_item)
    _recipes(world, collected, report, reader, conditions, is_item)
    _loot(world, collected, report, tags, conditions)
    world.tags = tags.resolve_all()
    types = {recipe.type for recipe in world.recipes}
    world.names.update(station_names(types, strings))
    _stations(world, collected, report)
    for mod_id, name in collected.mods.items():
        world.names[(str(NameKind.MOD), mod_id, DEFAULT_LANGUAGE)] = name
    _notes(collected, report)
    if found.instance is not None:
        _book(world, found.instance, strings, report, book_slug)
    report.languages.update(lang for _, _, lang in world.names)
    return world


def _items(world: PackWorld, collected: Collected) -> None:
    """Every item the pack names that is not vanilla, with its English (else any) name;
    a block item without an item name of its own is called what its block is."""
    names = world.names
    ids = {key for (kind, key, _) in names if kind == NameKind.ITEM} | collected.model_items
    by_language: dict[str, dict[str, str]] = {}
    for (kind, key, language), text in list(names.items()):
        if kind == NameKind.BLOCK and key in ids:
            names.setdefault((str(NameKind.ITEM), key, language), text)
    for (kind, key, language), text in names.items():
        if kind == NameKind.ITEM:
            by_language.setdefault(key, {})[language] = text
    for item_id in sorted(ids - world.vanilla.keys()):
        if ":" not in item_id:
            continue
        named = by_language.get(item_id, {})
        display = named.get(DEFAULT_LANGUAGE) or next(iter(sorted(named.items())), ("", ""))[1]
        world.items[item_id] = PackItem(item_id, display or prettify_id(item_id))


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


def _recipes(world, collected, report, reader, conditions, is_item) -> None:
    for recipe_id, ref in sorted(collected.recipes.items()):
        where = f"{ref.source.name}!{ref.path}"
        raw = read_json(ref, report)
        if raw is None:
            continue
        if not isinstance(raw, dict):
            report.skip(where, "not a recipe (a JSON object)")
            continue
        if not _passes(raw, where, conditions, report, ref.source.name):
            continue
        if full_id(str(raw.get("type", ""))) in CONDITIONAL:
            try:
                raw = unwrap_conditional(raw, lambda c: passes(c, conditions))
            except UnknownCondition as exc:
                report.skip(where, f"unknown load condition {exc}")
                continue
            if raw is None:
                report.per_source[ref.source.name]["not loaded (conditions false)"] += 1
                continue
        try:
            recipe = parse_recipe(recipe_id, raw, reader)
        except SpecialRecipe as exc:
            report.recipe_type(str(exc), rendered=True, station="computed by the game")
            report.counts["recipes computed by the game (no fixed result)"] += 1
            continue
        except (ValueError, TypeError, AttributeError, KeyError) as exc:
            report.skip(where, f"recipe {recipe_id}: {exc}")
            continue
        unknown = [r["item"] for r in recipe.results if "item" in r and not is_item(r["item"])]
        if unknown:
            report.skip(
                where, f"recipe {recipe_id}: result {unknown[0]} is not an item of this pack"
            )
            continue
        recipe.source = ref.source.name
        world.recipes.append(recipe)
        report.per_source[ref.source.name]["recipes"] += 1


def _loot(world, collected, report, tags, conditions) -> None:
    cache: dict[str, dict | None] = {}

    def table(table_id: str) -> dict | None:
        if table_id not in cache:
            ref = collected.loot_tables.get(table_id)
            raw = read_json(ref, report) if ref else None
            cache[table_id] = raw if isinstance(raw, dict) else None
        return cache[table_id]

    reader = LootReader(tags.members, table)
    for table_id, ref in sorted(collected.loot_tables.items()):
        where = f"{ref.source.name}!{ref.path}"
        raw = table(table_id)
        if raw is None:
            continue  # unreadable: read_json reported it
        if not _passes(raw, where, conditions, report, ref.source.name):
            continue
        try:
            parsed = reader.parse(table_id, raw)
        except (ValueError, TypeError, AttributeError, KeyError) as exc:
            report.skip(where, f"loot table {table_id}: {exc}")
            continue
        parsed.source = ref.source.name
        world.loot.append(parsed)
        report.per_source[ref.source.name]["loot tables"] += 1


def _stations(world: PackWorld, collected: Collected, report: PackReport) -> None:
    """Each recipe's station in English: the lang name, else the type's readable path;
    with the mod's name when it is a mod's."""
    english = in_language(world.names, NameKind.STATION)
    for recipe in world.recipes:
        station = (
            english.get(recipe.type)
            or VANILLA_STATIONS.get(recipe.type)
            or prettify_id(recipe.type)
        )
        namespace = recipe.type.split(":", 1)[0]
        mod = collected.mods.get(namespace)
        if mod and not recipe.rendered:
            recipe.mod = mod
        recipe.station = station
        report.recipe_type(recipe.type, rendered=recipe.rendered, station=station)


def _notes(collected: Collected, report: PackReport) -> None:
    scripts = sum(collected.scripts.values())
    if collected.scripts:
        where = ", ".join(
            f"{n} in kubejs/{folder}" for folder, n in sorted(collected.scripts.items())
        )
        report.note(
            f"KubeJS scripts are not executed: {scripts} .js files ({where}); recipes they add, "
            "change or remove are not in this import"
        )
    if collected.not_read:
        kinds = ", ".join(f"{folder} ({n})" for folder, n in sorted(collected.not_read.items()))
        report.note(f"data files of kinds not read: {kinds}")


def _book(world, instance: Path, strings, report: PackReport, slug: str | None) -> None:
    try:
        find_quests_dir(instance)
    except ImportFailed:
        return
    names = {**world.vanilla, **{i: p.display_name for i, p in world.items.items()}}
    try:
        world.book = parse_pack(
            instance,
            names,
            strings=strings,
            skip=lambda p, r: report.skip(
                str(Path(p).relative_to(instance)) if Path(p).is_relative_to(instance) else str(p),
                r,
            ),
        )
    except ImportFailed as exc:
        where = Path(exc.path)
        shown = where.relative_to(instance) if where.is_relative_to(instance) else where
        report.skip(str(shown), f"quest book not imported: {exc.message}")
        return
    world.book_slug = slug or slugify(instance.resolve().name) or "quests"
    world.book_root = instance
