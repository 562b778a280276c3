"""Import items and item sources from a PrismarineJS ``minecraft-data`` ``data/`` folder.

What is read (see docs/data.md): ``dataPaths.json`` → the folders of one
``pc`` version; its items, recipes, blockLoot, entityLoot, foods and language;
and the furnace-type recipes of ``bedrock/<version>/recipes.json`` (the pc
data has no smelting), kept only where both names exist in Java.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from django.db import transaction

from agentweb.game.importers.bulk import after_bulk_write
from agentweb.game.importers.minecraft_files import MinecraftData, MinecraftReport, UnknownId
from agentweb.game.importers.names import sync_names
from agentweb.game.importers.recipes import RawRecipe, fold_recipes
from agentweb.game.importers.sync import sync_rows
from agentweb.game.models import Item, ItemSource, NameKind, NameOrigin, SourceKind
from agentweb.game.models.items import source_defaults
from agentweb.game.models.names import DEFAULT_LANGUAGE
from agentweb.game.search.documents import Scope
from agentweb.game.search.documents import refresh as refresh_documents
from agentweb.game.text import full_item_id

ORIGIN = "minecraft-data"
DEFAULT_BEDROCK_VERSION = "1.19.10"
BEDROCK_COOKING_KINDS = {
    "furnace": SourceKind.SMELTING,
    "blast_furnace": SourceKind.BLASTING,
    "smoker": SourceKind.SMOKING,
    "campfire": SourceKind.CAMPFIRE,
    "soul_campfire": SourceKind.CAMPFIRE,
}


def import_minecraft_data(
    data_dir: Path | str, version: str = "1.20", *, bedrock_version: str = DEFAULT_BEDROCK_VERSION
) -> MinecraftReport:
    """Import (or re-import) one version of minecraft-data; all or nothing."""
    report = MinecraftReport(version=version)
    data = MinecraftData(Path(data_dir), version, bedrock_version, report)
    sources = _crafting(data) + _cooking(data) + _drops(data, "block") + _drops(data, "entity")
    with transaction.atomic():
        report.items, item_pks = sync_rows(
            Item,
            Item.objects.filter(namespace="minecraft"),
            ("item_id",),
            _item_rows(data, version),
        )
        rows = []
        for source in sources:
            result = source.pop("result")
            source["item_id"] = item_pks[(full_item_id(result),)]
            cooked = source.pop("input", None)
            source["input_item_id"] = item_pks[(full_item_id(cooked),)] if cooked else None
            report.sources_by_kind[source["kind"]] += 1
            rows.append(source)
        report.sources, _ = sync_rows(
            ItemSource, ItemSource.objects.filter(origin=ORIGIN), ("key",), rows
        )
        report.names = sync_names(NameOrigin.MINECRAFT_DATA, _names(data))
        refresh_documents(Scope(items=None))
        after_bulk_write()
    return report


# language.json prefixes → the kind of thing they name.
LANGUAGE_KINDS = {"block": NameKind.BLOCK, "entity": NameKind.ENTITY}


def _names(data: MinecraftData) -> dict[tuple[str, str, str], str]:
    """English names of the items, blocks and mobs, for the name index."""
    names: dict[tuple[str, str, str], str] = {}
    for key, text in data.language.items():
        prefix, _, rest = str(key).partition(".minecraft.")
        if prefix in LANGUAGE_KINDS and rest and "." not in rest and isinstance(text, str):
            names[(LANGUAGE_KINDS[prefix], f"minecraft:{rest}", DEFAULT_LANGUAGE)] = text
    for item in data.items:
        name = item.get("displayName") or data.display_name("item", item["name"])
        names[(NameKind.ITEM, full_item_id(item["name"]), DEFAULT_LANGUAGE)] = name
    return {(str(kind), key, lang): text for (kind, key, lang), text in names.items()}


def _item_rows(data: MinecraftData, version: str) -> list[dict]:
    foods = {food["name"]: food for food in data.foods}
    rows = []
    for item in data.items:
        name = item["name"]
        food = foods.get(name, {})
        rows.append(
            {
                "item_id": full_item_id(name),
                "namespace": "minecraft",
                "name": name,
                "display_name": item.get("displayName") or data.display_name("item", name),
                "stack_size": item.get("stackSize", 64),
                "max_durability": item.get("maxDurability"),
                "mc_version": version,
                "food_points": food.get("foodPoints"),
                "saturation": food.get("saturation"),
            }
        )
    return rows


def _source(kind: str, result: str, **fields: Any) -> dict:
    """A source row with every field set, keyed by a hash of its content."""
    row = {"kind": str(kind), "result": result, "input": None, **source_defaults()}
    row["origin"] = ORIGIN
    row.update(fields)
    digest = hashlib.sha256(json.dumps(row, sort_keys=True).encode()).hexdigest()
    row["key"] = digest[:40]
    return row


def _crafting(data: MinecraftData) -> list[dict]:
    rows = []
    for result_key, recipes in data.recipes.items():
        parsed: list[RawRecipe] = []
        result_name = None
        for recipe in recipes:
            try:
                result_name = data.name_of(recipe["result"])
                parsed.append(_raw_recipe(data, recipe))
            except UnknownId as exc:
                data.report.skip("recipes with an unknown item id", f"{result_key}→{exc}")
            except (KeyError, TypeError, IndexError):
                data.report.skip("malformed recipes", result_key)
        for folded in fold_recipes(parsed):
            kind = SourceKind.CRAFTING_SHAPED if folded.shaped else SourceKind.CRAFTING_SHAPELESS
            grid = [[_ids(cell) for cell in row] for row in folded.grid] if folded.grid else None
            ingredients = [
                {"items": _ids(entry["items"]), "count": entry["count"]}
                for entry in folded.ingredients
            ]
            rows.append(
                _source(
                    kind,
                    result_name,
                    result_count=folded.count,
                    grid=grid,
                    ingredients=ingredients,
                    variant_count=folded.variant_count,
                )
            )
    return _dedupe(rows)


def _ids(names: list[str] | None) -> list[str] | None:
    return [full_item_id(name) for name in names] if names is not None else None


def _raw_recipe(data: MinecraftData, recipe: dict) -> RawRecipe:
    count = int(recipe["result"].get("count", 1)) if isinstance(recipe["result"], dict) else 1
    if "inShape" in recipe:
        rows = recipe["inShape"]
        width = max(len(row) for row in rows)
        slots = tuple(
            data.name_of(row[col] if col < len(row) else None)
            for row in rows
            for col in range(width)
        )
        return RawRecipe(True, width, slots, count)
    slots = tuple(data.name_of(ref) for ref in recipe["ingredients"])
    return RawRecipe(False, len(slots), slots, count)


def _cooking(data: MinecraftData) -> list[dict]:
    rows = []
    for entry in data.bedrock_recipes.values():
        kind = BEDROCK_COOKING_KINDS.get(entry.get("type"))
        if kind is None:
            continue
        try:
            source = entry["ingredients"][0]["name"].removeprefix("minecraft:")
            output = entry["output"][0]
            result = output["name"].removeprefix("minecraft:")
        except (KeyError, IndexError, TypeError):
            data.report.skip("malformed cooking recipes", str(entry.get("name")))
            continue
        if source not in data.by_name or result not in data.by_name:
            data.report.skip("cooking recipes with Bedrock-only names", f"{source}→{result}")
            continue
        if source == result:  # metadata variants collapse (wet sponge → sponge)
            continue
        rows.append(
            _source(
                kind,
                result,
                result_count=int(output.get("count", 1)),
                ingredients=[{"items": [full_item_id(source)], "count": 1}],
                input=source,
            )
        )
    return _dedupe(rows)


def _drops(data: MinecraftData, kind: str) -> list[dict]:
    table, holder = (data.block_loot, "block") if kind == "block" else (data.entity_loot, "entity")
    source_kind = SourceKind.BLOCK_DROP if kind == "block" else SourceKind.MOB_DROP
    rows = []
    for entry in table:
        origin = entry.get(holder, "")
        drops = entry.get("drops", [])
        alternatives = _alternatives(drops) if kind == "block" else {}
        for position, drop in enumerate(drops):
            item = drop.get("item", "")
            if item == origin and kind == "block" and "blockAge" not in drop:
                # A block dropping itself says nothing about where the item comes
                # from; a crop (wheat) or a mob (a salmon) that drops it does.
                continue
            if item not in data.by_name:
                data.report.skip(f"{kind} drops of unknown items", f"{origin}→{item}")
                continue
            low, high = [*(drop.get("stackSizeRange") or []), None, None][:2]
            details = {"block_age": drop["blockAge"]} if "blockAge" in drop else {}
            chance = drop.get("dropChance")
            if position in alternatives:
                chance = None
                if alternatives[position]:
                    details["conditions"] = ["sometimes"]
            rows.append(
                _source(
                    source_kind,
                    item,
                    source_name=full_item_id(origin),
                    source_display_name=data.display_name(kind, origin),
                    chance=chance,
                    count_min=_amount(low),
                    count_max=_amount(high),
                    silk_touch=bool(drop.get("silkTouch")),
                    no_silk_touch=bool(drop.get("noSilkTouch")),
                    player_kill=bool(drop.get("playerKill")),
                    details=details,
                )
            )
    return _dedupe(rows)


def _alternatives(drops: list[dict]) -> dict[int, bool]:
    """The drops of a block that are one ``alternatives`` entry of its loot table: the data
    gives each of its n children the chance 1/n, which is no chance — exactly one of them
    drops, the first whose conditions hold. Their positions, each with whether another child
    has the same conditions (then which of them drops is not in the data: "sometimes")."""
    shares: dict[float, list[int]] = {}
    for position, drop in enumerate(drops):
        chance = drop.get("dropChance")
        if isinstance(chance, int | float) and 0 < chance < 1:
            shares.setdefault(round(1 / chance, 6), []).append(position)
    found: dict[int, bool] = {}
    for n, positions in shares.items():
        if n != len(positions) or n < 2:
            continue
        when = [_drop_conditions(drops[p]) for p in positions]
        items = [drops[p].get("item") for p in positions]
        for p, condition in zip(positions, when, strict=True):
            others = {i for i, c in zip(items, when, strict=True) if c == condition}
            found[p] = len(others) > 1
    return found


def _drop_conditions(drop: dict) -> tuple:
    return tuple(drop.get(k) for k in ("silkTouch", "noSilkTouch", "blockAge", "playerKill"))


def _amount(value: Any) -> int | None:
    # The data writes -1 where it does not know the amount.
    return int(value) if isinstance(value, int | float) and value >= 0 else None


def _dedupe(rows: list[dict]) -> list[dict]:
    return list({row["key"]: row for row in rows}.values())
