"""Import items and item sources from a PrismarineJS ``minecraft-data`` ``data/`` folder.

What is read (see docs/data.md): ``dataPaths.json`` → the folders of one
``pc`` version; its items, recipes, blockLoot, entityLoot, foods and language;
and the furnace-type recipes of ``bedrock/<version>/recipes.json`` (the pc
data has no smelting), kept only where both names exist in Java.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import transaction

from agentweb.game.importers.errors import ImportFailed, read_json
from agentweb.game.importers.recipes import RawRecipe, fold_recipes
from agentweb.game.importers.sync import SyncCounts, sync_rows
from agentweb.game.models import Item, ItemSource, SourceKind
from agentweb.game.text import full_item_id, prettify_id

ORIGIN = "minecraft-data"
DEFAULT_BEDROCK_VERSION = "1.19.10"
# How many skipped entries the report names; the rest are only counted.
REPORT_EXAMPLES = 5
BEDROCK_COOKING_KINDS = {
    "furnace": SourceKind.SMELTING,
    "blast_furnace": SourceKind.BLASTING,
    "smoker": SourceKind.SMOKING,
    "campfire": SourceKind.CAMPFIRE,
    "soul_campfire": SourceKind.CAMPFIRE,
}


@dataclass
class MinecraftReport:
    """What an import did, for the command's output and the tests."""

    version: str
    items: SyncCounts = field(default_factory=SyncCounts)
    sources: SyncCounts = field(default_factory=SyncCounts)
    sources_by_kind: Counter = field(default_factory=Counter)
    skipped: Counter = field(default_factory=Counter)
    skipped_examples: dict[str, list[str]] = field(default_factory=dict)
    missing_files: list[str] = field(default_factory=list)

    def skip(self, reason: str, example: str) -> None:
        self.skipped[reason] += 1
        examples = self.skipped_examples.setdefault(reason, [])
        if len(examples) < REPORT_EXAMPLES and example not in examples:
            examples.append(example)

    def lines(self) -> list[str]:
        out = [f"minecraft-data {self.version}", f"items: {self.items}", f"sources: {self.sources}"]
        out += [f"  {kind}: {n}" for kind, n in sorted(self.sources_by_kind.items())]
        for reason, n in sorted(self.skipped.items()):
            out.append(f"skipped {n} {reason} (e.g. {', '.join(self.skipped_examples[reason])})")
        out += [f"not in this data set: {name}" for name in self.missing_files]
        return out


class _UnknownId(Exception):
    pass


class _Data:
    """The files of one version, loaded."""

    def __init__(self, root: Path, version: str, bedrock_version: str, report: MinecraftReport):
        paths_file = root / "dataPaths.json"
        data_paths = read_json(paths_file)
        versions = data_paths.get("pc", {}) if isinstance(data_paths, dict) else {}
        if version not in versions:
            raise ImportFailed(paths_file, f"no pc version {version!r} in this file")
        self.root, self.paths, self.report = root, versions[version], report
        self.items: list[dict] = self._load("items", required=True)
        self.by_id = {item["id"]: item for item in self.items}
        self.by_name = {item["name"]: item for item in self.items}
        self.recipes: dict[str, list] = self._load("recipes") or {}
        self.block_loot: list[dict] = self._load("blockLoot") or []
        self.entity_loot: list[dict] = self._load("entityLoot") or []
        self.foods: list[dict] = self._load("foods") or []
        self.language: dict[str, str] = self._load("language") or {}
        bedrock = data_paths.get("bedrock", {}).get(bedrock_version, {}).get("recipes")
        bedrock_file = root / (bedrock or f"bedrock/{bedrock_version}") / "recipes.json"
        self.bedrock_recipes: dict[str, dict] = {}
        if bedrock_file.exists():
            self.bedrock_recipes = read_json(bedrock_file)
        else:
            report.missing_files.append(str(bedrock_file.relative_to(root)))

    def _load(self, kind: str, *, required: bool = False) -> Any:
        folder = self.paths.get(kind)
        if folder is None:
            if required:
                raise ImportFailed(self.root / "dataPaths.json", f"no {kind!r} path listed")
            self.report.missing_files.append(kind)
            return None
        return read_json(self.root / folder / f"{kind}.json")

    def name_of(self, ref: Any) -> str | None:
        """A recipe slot (int | [id, meta] | {"id": …} | None) → item name."""
        if ref is None:
            return None
        if isinstance(ref, dict):
            ref = ref.get("id")
        if isinstance(ref, list):
            ref = ref[0] if ref else None
        item = self.by_id.get(ref)
        if item is None:
            raise _UnknownId(ref)
        return item["name"]

    def display_name(self, kind: str, name: str) -> str:
        item = self.by_name.get(name)
        if kind != "entity" and item is not None:
            return item["displayName"]
        return self.language.get(f"{kind}.minecraft.{name}") or prettify_id(name)


def import_minecraft_data(
    data_dir: Path | str, version: str = "1.20", *, bedrock_version: str = DEFAULT_BEDROCK_VERSION
) -> MinecraftReport:
    """Import (or re-import) one version of minecraft-data; all or nothing."""
    report = MinecraftReport(version=version)
    data = _Data(Path(data_dir), version, bedrock_version, report)
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
    return report


def _item_rows(data: _Data, version: str) -> list[dict]:
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
    row = {
        "kind": str(kind),
        "result": result,
        "result_count": 1,
        "grid": None,
        "ingredients": [],
        "variant_count": 1,
        "input": None,
        "source_name": "",
        "source_display_name": "",
        "chance": None,
        "count_min": None,
        "count_max": None,
        "silk_touch": False,
        "no_silk_touch": False,
        "player_kill": False,
        "details": {},
        "origin": ORIGIN,
    }
    row.update(fields)
    digest = hashlib.sha256(json.dumps(row, sort_keys=True).encode()).hexdigest()
    row["key"] = digest[:40]
    return row


def _crafting(data: _Data) -> list[dict]:
    rows = []
    for result_key, recipes in data.recipes.items():
        parsed: list[RawRecipe] = []
        result_name = None
        for recipe in recipes:
            try:
                result_name = data.name_of(recipe["result"])
                parsed.append(_raw_recipe(data, recipe))
            except _UnknownId as exc:
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


def _raw_recipe(data: _Data, recipe: dict) -> RawRecipe:
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


def _cooking(data: _Data) -> list[dict]:
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


def _drops(data: _Data, kind: str) -> list[dict]:
    table, holder = (data.block_loot, "block") if kind == "block" else (data.entity_loot, "entity")
    source_kind = SourceKind.BLOCK_DROP if kind == "block" else SourceKind.MOB_DROP
    rows = []
    for entry in table:
        origin = entry.get(holder, "")
        for drop in entry.get("drops", []):
            item = drop.get("item", "")
            if item == origin:
                continue  # a block dropping itself says nothing about where the item comes from
            if item not in data.by_name:
                data.report.skip(f"{kind} drops of unknown items", f"{origin}→{item}")
                continue
            low, high = [*(drop.get("stackSizeRange") or []), None, None][:2]
            details = {"block_age": drop["blockAge"]} if "blockAge" in drop else {}
            rows.append(
                _source(
                    source_kind,
                    item,
                    source_name=full_item_id(origin),
                    source_display_name=data.display_name(kind, origin),
                    chance=drop.get("dropChance"),
                    count_min=_amount(low),
                    count_max=_amount(high),
                    silk_touch=bool(drop.get("silkTouch")),
                    no_silk_touch=bool(drop.get("noSilkTouch")),
                    player_kill=bool(drop.get("playerKill")),
                    details=details,
                )
            )
    return _dedupe(rows)


def _amount(value: Any) -> int | None:
    # The data writes -1 where it does not know the amount.
    return int(value) if isinstance(value, int | float) and value >= 0 else None


def _dedupe(rows: list[dict]) -> list[dict]:
    return list({row["key"]: row for row in rows}.values())
