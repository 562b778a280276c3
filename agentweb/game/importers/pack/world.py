"""Read a pack into a world — items, names, tags, recipes, loot, a quest book — with no
database writes (the database is only read for the vanilla items already imported).

What counts as an item: the vanilla items already imported (minecraft-data), and every
id a source names as an item — an ``item.<ns>.<path>`` lang key or an item model
(``assets/<ns>/models/item/``, ``assets/<ns>/items/``). A recipe whose result is not
one of them is reported and left out.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from django.utils.text import slugify

from agentweb.game.importers.errors import ImportFailed
from agentweb.game.importers.ftb_parse import ParsedPack, find_quests_dir, parse_pack
from agentweb.game.importers.pack.collect import Collected, Collector
from agentweb.game.importers.pack.conditions import World
from agentweb.game.importers.pack.files import Known, Read, read_loot, read_recipes
from agentweb.game.importers.pack.lang import (
    NameRows,
    in_language,
    merge_lang,
    simple_names,
    station_names,
)
from agentweb.game.importers.pack.loot import ParsedLoot
from agentweb.game.importers.pack.recipes import VANILLA_STATIONS, ParsedRecipe
from agentweb.game.importers.pack.report import PackReport
from agentweb.game.importers.pack.sources import Found
from agentweb.game.importers.pack.stacks import Reader
from agentweb.game.importers.pack.tags import TagTable
from agentweb.game.models import Item, NameKind, Recipe
from agentweb.game.models.names import DEFAULT_LANGUAGE
from agentweb.game.text import prettify_id


def digest(content: object) -> str:
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha1(text.encode()).hexdigest()


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
    # Recipes and loot tables whose files and context did not change: kept as stored.
    kept_recipes: dict[str, str] = field(default_factory=dict)
    kept_loot: dict[str, str] = field(default_factory=dict)
    # English station names of the recipe types (by type), for Recipe.station.
    stations: dict[str, str] = field(default_factory=dict)
    book: ParsedPack | None = None
    book_slug: str = ""
    book_root: Path | None = None
    vanilla: dict[str, str] = field(default_factory=dict)


# What a recipe or loot table is stored as depends on the reader too: a reader that reads
# more (a recipe's tool kept, not used up) is a new version, and a re-import with it reads
# every file again instead of keeping what an earlier reader stored.
READER_VERSION = 2


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
    world.tags = tags.resolve_all()
    context = digest(
        [
            READER_VERSION,
            world.tags,
            sorted(world.vanilla),
            sorted(world.items),
            sorted(mods),
            collected.mods,
        ]
    )
    read = Read()
    known = Known.load()
    reader = Reader(tags.members, is_item)
    read_recipes(collected, report, reader, conditions, context, known, read)
    read_loot(collected, report, tags, conditions, context, known, read)
    tags.note_problems()
    world.recipes, world.loot = read.recipes, read.loot
    world.kept_recipes, world.kept_loot = read.kept_recipes, read.kept_loot
    types = {recipe.type for recipe in world.recipes} | _stored_types(world.kept_recipes)
    world.names.update(station_names(types, strings))
    _stations(world, collected, types)
    for mod_id, name in collected.mods.items():
        world.names[(str(NameKind.MOD), mod_id, DEFAULT_LANGUAGE)] = name
    _notes(collected, report)
    if found.instance is not None:
        _book(world, found.instance, strings, report, book_slug)
    report.languages.update(lang for _, _, lang in world.names)
    return world


def _items(world: PackWorld, collected: Collected) -> None:
    """Every item the pack names that is not vanilla, with its English (else any) name.
    A block item without an item name of its own is called what its block is, and a block
    named as its item is named once, as the item (a third of a pack's names otherwise)."""
    names = world.names
    ids = {key for (kind, key, _) in names if kind == NameKind.ITEM} | collected.model_items
    by_language: dict[str, dict[str, str]] = {}
    item_kind, block_kind = str(NameKind.ITEM), str(NameKind.BLOCK)
    for (kind, key, language), text in list(names.items()):
        named_as_item = kind == block_kind and key in ids
        if named_as_item and names.setdefault((item_kind, key, language), text) == text:
            del names[(kind, key, language)]
    for (kind, key, language), text in names.items():
        if kind == NameKind.ITEM:
            by_language.setdefault(key, {})[language] = text
    for item_id in sorted(ids - world.vanilla.keys()):
        if ":" not in item_id:
            continue
        named = by_language.get(item_id, {})
        display = named.get(DEFAULT_LANGUAGE) or next(iter(sorted(named.items())), ("", ""))[1]
        world.items[item_id] = PackItem(item_id, display or prettify_id(item_id))


def _stored_types(kept: dict[str, str]) -> set[str]:
    if not kept:
        return set()
    return set(Recipe.objects.values_list("type", flat=True).distinct())


def _stations(world: PackWorld, collected: Collected, types: set[str]) -> None:
    """Each recipe's station without the lang files (a vanilla station, else the type's
    readable path) and its mod; and each type's English name for ``Recipe.station``."""
    english = in_language(world.names, NameKind.STATION)
    for recipe in world.recipes:
        recipe.station = VANILLA_STATIONS.get(recipe.type) or prettify_id(recipe.type)
        mod = collected.mods.get(recipe.type.split(":", 1)[0])
        if mod and not recipe.rendered:
            recipe.mod = mod
    for type_id in types:
        fallback = VANILLA_STATIONS.get(type_id) or prettify_id(type_id)
        world.stations[type_id] = english.get(type_id) or fallback


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
