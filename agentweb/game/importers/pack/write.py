"""Write a pack's world in one transaction, touching only what differs, and say what changed.

Rows are compared as plain tuples with a digest of their content (a large pack has
hundreds of thousands of rows: no model instance per unchanged row). A re-import of the
same files writes nothing and keeps every primary key; a newer pack reports the items,
recipes, loot tables, tags, names and quests added, changed and removed. Every change
bumps the game data's version, so every process's caches are rebuilt.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterable
from typing import Any

from django.db import models
from django.db.models import Count

from agentweb.game import versions
from agentweb.game.importers.bulk import insert_rows
from agentweb.game.importers.ftbquests import FtbReport, write_book
from agentweb.game.importers.names import sync_names
from agentweb.game.importers.pack.loot import ParsedLoot
from agentweb.game.importers.pack.recipes import ParsedRecipe
from agentweb.game.importers.pack.report import Change, PackReport
from agentweb.game.importers.pack.world import PackWorld
from agentweb.game.importers.sync import BATCH_SIZE, SyncCounts
from agentweb.game.models import (
    COOKING_KINDS,
    Item,
    ItemSource,
    ItemTag,
    LootTable,
    NameOrigin,
    Recipe,
    SourceKind,
)
from agentweb.game.models.items import source_defaults
from agentweb.game.models.names import DEFAULT_LANGUAGE
from agentweb.game.search.documents import Scope
from agentweb.game.search.documents import refresh as refresh_documents
from agentweb.game.search.game_names import localized_names
from agentweb.game.text import prettify_id

ORIGIN = "pack"
# Rows written per statement.
WRITE_BATCH = 500


def digest(content: Any) -> str:
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha1(text.encode()).hexdigest()


def sync_table(
    model: type[models.Model],
    existing: models.QuerySet,
    key_field: str,
    rows: dict[str, dict[str, Any]],
    *,
    compared: tuple[str, ...],
    moved: tuple[str, ...] = (),
    kept: Callable[[str, tuple], bool] | None = None,
    kept_fields: tuple[str, ...] = (),
) -> tuple[SyncCounts, dict[str, int], list[str]]:
    """Make ``existing`` equal ``rows`` (keyed by ``key_field``), reading only each row's
    key, ``compared`` fields (a digest of the rest) and ``moved`` fields: a row whose
    ``compared`` fields differ is changed; one whose ``moved`` fields alone differ (a
    recipe now in a renamed jar) is rewritten but counted unchanged. Existing rows for which
    ``kept(key, their kept_fields)`` holds are left alone (counted unchanged) — rows the
    import did not read again because nothing they come from changed. Returns the counts,
    every wanted row's primary key, and the keys of the rows created or changed."""
    read = (*compared, *moved)
    current = {}
    counts = SyncCounts()
    for key, pk, *values in existing.values_list(key_field, "pk", *read, *kept_fields):
        if kept is not None and key not in rows and kept(key, tuple(values[len(read) :])):
            counts.unchanged += 1
            continue
        current[key] = (pk, *values[: len(read)])
    new, changed, rewritten = [], [], []
    for key, row in rows.items():
        old = current.get(key)
        if old is None:
            new.append(key)
            continue
        differs = {field for i, field in enumerate(read) if old[i + 1] != row[field]}
        if differs & set(compared):
            changed.append(model(pk=old[0], **{key_field: key, **row}))
        else:
            counts.unchanged += 1
            if differs:
                rewritten.append(model(pk=old[0], **{key_field: key, **row}))
    stale = [values[0] for key, values in current.items() if key not in rows]
    for start in range(0, len(stale), BATCH_SIZE):
        model.objects.filter(pk__in=stale[start : start + BATCH_SIZE]).delete()
    if changed or rewritten:
        fields = sorted({f for row in rows.values() for f in row})
        model.objects.bulk_update(changed + rewritten, fields, batch_size=WRITE_BATCH)
    insert_rows(model, ({key_field: key, **rows[key]} for key in new))
    counts.created, counts.updated, counts.deleted = len(new), len(changed), len(stale)
    pks = {key: values[0] for key, values in current.items() if key in rows}
    if new:
        pks.update(_read_pks(existing, key_field, new))
    if counts.changed or rewritten:
        versions.bump()
    return counts, pks, [*new, *(getattr(obj, key_field) for obj in changed)]


def _read_pks(existing: models.QuerySet, key_field: str, keys: list[str]) -> dict[str, int]:
    if len(keys) > BATCH_SIZE * 10:  # most of the table: one read beats many
        wanted = set(keys)
        return {k: pk for k, pk in existing.values_list(key_field, "pk") if k in wanted}
    found: dict[str, int] = {}
    for start in range(0, len(keys), BATCH_SIZE):
        chunk = keys[start : start + BATCH_SIZE]
        found.update(existing.filter(**{f"{key_field}__in": chunk}).values_list(key_field, "pk"))
    return found


def write_world(world: PackWorld, report: PackReport) -> None:
    """Write everything (call inside one ``transaction.atomic()``)."""
    changes = report.changes
    item_rows = {
        item_id: {
            "origin": ORIGIN,
            "namespace": item_id.split(":", 1)[0],
            "name": item_id.split(":", 1)[1],
            "display_name": item.display_name[:200],
        }
        for item_id, item in world.items.items()
    }
    step = Steps(report)
    counts, item_pks, touched = sync_table(
        Item,
        Item.objects.filter(origin=ORIGIN),
        "item_id",
        item_rows,
        compared=("origin", "namespace", "name", "display_name"),
    )
    changes["items"] = Change.of(counts)
    item_pks.update(dict(Item.objects.exclude(origin=ORIGIN).values_list("item_id", "pk")))
    changed_items = [item_pks[i] for i in touched]
    step("write items")

    recipe_rows = {r.recipe_id: _recipe_row(r, world.stations) for r in world.recipes}
    loot_rows = {t.table_id: _loot_row(t) for t in world.loot}
    digests = {k: row["digest"] for k, row in (recipe_rows | loot_rows).items()}
    sources, owners = _sources(world, report, item_pks, digests)
    for recipe_id, table_id in owners.values():
        if recipe_id:
            recipe_rows[recipe_id]["source_rows"] += 1
        else:
            loot_rows[table_id]["source_rows"] += 1
    step("derive ways to obtain items")
    counts, recipe_pks, _ = sync_table(
        Recipe,
        Recipe.objects.all(),
        "recipe_id",
        recipe_rows,
        compared=("digest",),
        moved=("source", "file_key", "source_rows"),
        kept=lambda key, _: key in world.kept_recipes,
    )
    changes["recipes"] = Change.of(counts)
    _name_stations(world, report)
    step("write recipes")
    counts, loot_pks, _ = sync_table(
        LootTable,
        LootTable.objects.all(),
        "table_id",
        loot_rows,
        compared=("digest",),
        moved=("source", "file_key", "references", "source_rows"),
        kept=lambda key, _: key in world.kept_loot,
    )
    changes["loot tables"] = Change.of(counts)
    tag_rows = {tag: {"items": items, "digest": digest(items)} for tag, items in world.tags.items()}
    counts, _, _ = sync_table(
        ItemTag, ItemTag.objects.all(), "tag_id", tag_rows, compared=("digest",)
    )
    changes["item tags"] = Change.of(counts)
    step("write loot tables and tags")

    for key, (recipe_id, table_id) in owners.items():
        if recipe_id:
            sources[key]["recipe_id"] = recipe_pks[recipe_id]
        else:
            sources[key]["loot_table_id"] = loot_pks[table_id]
    counts, _, _ = sync_table(
        ItemSource,
        ItemSource.objects.filter(origin=ORIGIN),
        "key",
        sources,
        compared=(),
        kept=lambda _, stored: stored[0] in world.kept_recipes or stored[1] in world.kept_loot,
        kept_fields=("recipe__recipe_id", "loot_table__table_id"),
    )
    changes["ways to obtain items"] = Change.of(counts)
    step("write ways to obtain items")
    changes["names"] = Change.of(sync_names(NameOrigin.PACK, world.names))
    step("write names")
    if world.book is not None:
        _write_book(world, report)
        step("write the quest book")
    refresh_documents(Scope(items=changed_items))
    step("refresh search documents")
    if any(c.added or c.changed or c.removed for c in changes.values()):
        versions.bump()  # every process's caches are rebuilt


def _name_stations(world: PackWorld, report: PackReport) -> None:
    """Each type's English station name on its recipes (kept ones too: the lang files may
    have changed without them), and the report's recipe types counted from what is stored."""
    renamed = 0
    for type_id, station in world.stations.items():
        renamed += (
            Recipe.objects.filter(type=type_id)
            .exclude(station=station[:200])
            .update(station=station[:200])
        )
    if renamed:
        versions.bump()
    stored = Recipe.objects.values_list("type", "rendered", "station").annotate(n=Count("id"))
    for type_id, rendered, station, n in stored.order_by("type"):
        report.recipe_types[type_id] = {"count": n, "rendered": rendered, "station": station}


class Steps:
    """Seconds since the last step, noted in the report under the step's name."""

    def __init__(self, report: PackReport) -> None:
        self.report, self.last = report, time.monotonic()

    def __call__(self, name: str) -> None:
        now = time.monotonic()
        self.report.timings[name] = now - self.last
        self.last = now


def _recipe_row(recipe: ParsedRecipe, stations: dict[str, str]) -> dict[str, Any]:
    content = recipe.content()
    return {
        "type": recipe.type,
        "kind": recipe.kind,
        "rendered": recipe.rendered,
        "station": stations.get(recipe.type, recipe.station)[:200],
        "ingredients": recipe.ingredients,
        "results": recipe.results,
        "grid": recipe.grid,
        "data": {**recipe.data, **({"mod": recipe.mod} if recipe.mod else {})},
        "source": recipe.source[:500],
        "digest": digest(content),
        "file_key": recipe.file_key,
        "source_rows": 0,
    }


def _loot_row(table: ParsedLoot) -> dict[str, Any]:
    drops = [vars(drop) for drop in table.drops]
    return {
        "kind": table.kind,
        "source_name": table.source_name,
        "drops": drops,
        "source": table.source[:500],
        "digest": digest([table.kind, table.source_name, drops]),
        "file_key": table.file_key,
        "references": table.references,
        "source_rows": 0,
    }


def _sources(
    world: PackWorld,
    report: PackReport,
    item_pks: dict[str, int],
    digests: dict[str, str],
) -> tuple[dict[str, dict[str, Any]], dict[str, tuple[str, str]]]:
    """Every way to obtain an item, keyed by what it is derived from: its recipe or table
    (with that one's digest), the item and, for drops, its place in the table; and each
    key's recipe or table (``(recipe_id, "")`` or ``("", table_id)``), whose primary key
    the row gets once they are written."""
    rows: dict[str, dict[str, Any]] = {}
    owners: dict[str, tuple[str, str]] = {}
    for recipe in world.recipes:
        owner = f"{recipe.recipe_id}|{digests[recipe.recipe_id]}"
        for item_id, row in _recipe_sources(recipe, item_pks):
            key = _key(owner, item_id)
            rows[key], owners[key] = row, (recipe.recipe_id, "")
    names = _loot_source_names(world)
    unknown = 0
    for table in world.loot:
        kind = table.source_kind
        if kind is None:
            continue
        owner = f"{table.table_id}|{digests[table.table_id]}"
        for index, drop in enumerate(table.drops):
            if drop.item not in item_pks:
                unknown += 1
                continue
            if (
                kind == SourceKind.BLOCK_DROP
                and drop.item == table.source_name
                and ("block_age" not in drop.details)
            ):
                continue  # a block dropping itself says nothing about where the item comes from
            row = _drop_source(table, drop, kind, item_pks, names)
            key = _key(owner, f"{index}|{row['source_display_name']}")
            rows[key], owners[key] = row, ("", table.table_id)
    if unknown:
        report.note(f"{unknown} drops name items that are not items of this pack: left out")
    report.counts["ways to obtain items"] = len(rows)
    # By item: the item indexes' pages fill one by one as the rows are inserted.
    ordered = sorted(rows.items(), key=lambda pair: (pair[1]["item_id"], pair[1]["kind"]))
    return dict(ordered), owners


def _key(owner: str, part: str) -> str:
    return hashlib.sha1(f"{ORIGIN}|{owner}|{part}".encode()).hexdigest()


def _blank_source(kind: str, item_pk: int) -> dict[str, Any]:
    return {
        "origin": ORIGIN,
        "kind": kind,
        "item_id": item_pk,
        "input_item_id": None,
        **source_defaults(),
    }


def _recipe_sources(
    recipe: ParsedRecipe, item_pks: dict[str, int]
) -> Iterable[tuple[str, dict[str, Any]]]:
    """One source per item the recipe makes: its sure count, else its likeliest chance."""
    by_item: dict[str, list[dict]] = {}
    for result in recipe.results:
        if "item" in result and result["item"] in item_pks:
            by_item.setdefault(result["item"], []).append(result)
    details = {"recipe": recipe.recipe_id, "type": recipe.type, "station": recipe.station}
    if recipe.mod:
        details["mod"] = recipe.mod
    if len(recipe.results) > 1 or any("item" not in r or "chance" in r for r in recipe.results):
        details["results"] = recipe.results
    if recipe.data and not recipe.rendered:
        details["data"] = recipe.data
    for item_id, results in by_item.items():
        sure = sum(r.get("count", 1) for r in results if "chance" not in r)
        chances = [r for r in results if "chance" in r]
        row = _blank_source(recipe.kind, item_pks[item_id])
        row["result_count"] = min(sure or max(r.get("count", 1) for r in chances), 32767)
        if not sure:
            row["chance"] = round(max(r["chance"] for r in chances), 6)
        row["grid"] = recipe.grid
        row["ingredients"] = recipe.ingredients
        if recipe.kind in {str(k) for k in COOKING_KINDS}:
            first = (recipe.ingredients[0].get("items") or [None])[0]
            row["input_item_id"] = item_pks.get(first) if first else None
        row["details"] = details
        yield item_id, row


def _loot_source_names(world: PackWorld) -> dict[tuple[str, str], str]:
    """English names of the blocks and mobs loot comes from (the pack's, else vanilla's)."""
    wanted: dict[str, set[str]] = {"block": set(), "entity": set()}
    for table in world.loot:
        if table.kind in wanted:
            wanted[table.kind].add(table.source_name)
    names = {}
    for kind, keys in wanted.items():
        known = localized_names(kind, keys, DEFAULT_LANGUAGE)
        for key in keys:
            own = world.names.get((kind, key, DEFAULT_LANGUAGE))
            names[(kind, key)] = own or known.get(key) or prettify_id(key)
    return names


def _drop_source(
    table: ParsedLoot, drop, kind: str, item_pks: dict[str, int], names: dict
) -> dict[str, Any]:
    row = _blank_source(kind, item_pks[drop.item])
    row["source_name"] = table.source_name
    row["source_display_name"] = names.get((table.kind, table.source_name)) or prettify_id(
        table.source_name
    )
    row["chance"] = drop.chance if drop.chance < 1 else None
    row["count_min"] = min(drop.count_min, 32767) if drop.count_min is not None else None
    row["count_max"] = min(drop.count_max, 32767) if drop.count_max is not None else None
    row["silk_touch"] = drop.silk_touch
    row["no_silk_touch"] = drop.no_silk_touch
    row["player_kill"] = drop.player_kill
    details: dict[str, Any] = {"table": table.table_id}
    if drop.conditions:
        details["conditions"] = drop.conditions
    if "block_age" in drop.details:
        details["block_age"] = drop.details["block_age"]
    row["details"] = details
    return row


def _write_book(world: PackWorld, report: PackReport) -> None:
    book = world.book
    ftb = FtbReport(book=book.name, slug=world.book_slug, notes=book.notes)
    write_book(book, world.book_slug, world.book_root, ftb)
    for name, counts in ftb.counts.items():
        report.changes[f"quest book {name}"] = Change.of(counts)
    for note, n in sorted(book.notes.items()):
        report.note(f"quest book: {note}: {n}")
    report.counts["quests"] = len(book.quests)
    report.languages.update(book.languages)
