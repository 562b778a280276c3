"""Read one version of a minecraft-data ``data/`` folder (no database here)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agentweb.game.importers.errors import ImportFailed, read_json
from agentweb.game.importers.sync import SyncCounts
from agentweb.game.text import prettify_id

# How many skipped entries the report names; the rest are only counted.
REPORT_EXAMPLES = 5


@dataclass
class MinecraftReport:
    """What an import did, for the command's output and the tests."""

    version: str
    items: SyncCounts = field(default_factory=SyncCounts)
    sources: SyncCounts = field(default_factory=SyncCounts)
    names: SyncCounts = field(default_factory=SyncCounts)
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
        out.append(f"names: {self.names}")
        for reason, n in sorted(self.skipped.items()):
            out.append(f"skipped {n} {reason} (e.g. {', '.join(self.skipped_examples[reason])})")
        out += [f"not in this data set: {name}" for name in self.missing_files]
        return out


class UnknownId(Exception):
    """A recipe names a numeric id that items.json does not have."""


class MinecraftData:
    """The files of one version, loaded; missing optional files are noted in the report."""

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
            raise UnknownId(ref)
        return item["name"]

    def display_name(self, kind: str, name: str) -> str:
        # A block's own name first: the crop block "wheat" is "Wheat Crops", not the item.
        own = self.language.get(f"{kind}.minecraft.{name}")
        item = self.by_name.get(name)
        if kind == "block" and own:
            return own
        if kind != "entity" and item is not None:
            return item["displayName"]
        return own or prettify_id(name)
