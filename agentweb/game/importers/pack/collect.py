"""Gather the files of every source by what they are, as the game would layer them.

A recipe or loot table is one file per id: the last source that has it wins (a
datapack's ``data/create/recipe/mixing/andesite_alloy.json`` replaces Create's own).
Item tags merge over all sources unless a file says ``"replace": true``. Lang files
merge key by key, later sources winning. Both folder names of each kind are read — the
1.20 plural (``recipes/``, ``loot_tables/``, ``tags/items/``) and the 1.21 singular —
and where one source has an id in both, the 1.21 file is used and the other reported.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from agentweb.game.importers.pack.archive import Skipped
from agentweb.game.importers.pack.report import PackReport
from agentweb.game.importers.pack.sources import Found, Layer, Source

DATA_FILE = re.compile(
    r"^data/(?P<ns>[a-z0-9_.-]+)/(?P<folder>recipes?|loot_tables?|tags/items?)/(?P<path>.+)\.json$"
)
LANG_FILE = re.compile(r"^assets/(?P<ns>[a-z0-9_.-]+)/lang/(?P<lang>[A-Za-z0-9_]+)\.json$")
ITEM_MODEL = re.compile(r"^assets/(?P<ns>[a-z0-9_.-]+)/(?:models/item|items)/(?P<path>.+)\.json$")
OTHER_DATA = re.compile(r"^data/[a-z0-9_.-]+/(?P<folder>[a-z0-9_]+)/")
LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}_[a-z0-9]{2,4}$")
FOLDER_KINDS = {
    "recipe": "recipes",
    "recipes": "recipes",
    "loot_table": "loot tables",
    "loot_tables": "loot tables",
    "tags/item": "item tags",
    "tags/items": "item tags",
}
NEW_FOLDERS = {"recipe", "loot_table", "tags/item"}
MOD_METADATA = (
    "META-INF/neoforge.mods.toml",
    "META-INF/mods.toml",
    "fabric.mod.json",
    "quilt.mod.json",
)
# Loaders known by the metadata file a mod ships: ``mod_loaded`` accepts their ids.
LOADER_IDS = {
    "META-INF/neoforge.mods.toml": ("neoforge",),
    "META-INF/mods.toml": ("forge",),
    "fabric.mod.json": ("fabric", "fabricloader"),
    "quilt.mod.json": ("quilt", "quilt_loader"),
}
MOD_ID = re.compile(r'^\s*modId\s*=\s*"([^"]+)"', re.MULTILINE)


@dataclass
class FileRef:
    source: Source
    path: str

    @property
    def fingerprint(self) -> str:
        """Where the file is and what it holds (a zip's CRC, a file's size and time)."""
        return f"{self.source.name}!{self.path}!{self.source.archive.fingerprint(self.path)}"


@dataclass
class Collected:
    """Every file that counts, by kind and id; and what the sources say about themselves."""

    recipes: dict[str, FileRef] = field(default_factory=dict)
    loot_tables: dict[str, FileRef] = field(default_factory=dict)
    tags: dict[str, list[FileRef]] = field(default_factory=dict)
    lang: dict[str, list[FileRef]] = field(default_factory=dict)
    model_items: set[str] = field(default_factory=set)
    mods: dict[str, str] = field(default_factory=dict)  # mod id → display name
    loaders: set[str] = field(default_factory=set)
    not_read: Counter = field(default_factory=Counter)
    scripts: Counter = field(default_factory=Counter)


class Collector:
    def __init__(self, found: Found, report: PackReport) -> None:
        self.found, self.report = found, report
        self.out = Collected()

    def run(self) -> Collected:
        for source in self.found.data_sources():
            self._data(source)
        for source in self.found.asset_sources():
            self._assets(source)
        for source in self.found.sources:
            self._metadata(source)
        return self.out

    def _data(self, source: Source) -> None:
        seen: dict[tuple[str, str], str] = {}
        for path in source.archive.paths:
            if source.layer == Layer.KUBEJS and path.startswith(
                ("server_scripts/", "startup_scripts/", "client_scripts/")
            ):
                if path.endswith(".js"):
                    self.out.scripts[path.split("/", 1)[0]] += 1
                continue
            match = DATA_FILE.match(path)
            if match is None:
                other = OTHER_DATA.match(path)
                if other:
                    self.out.not_read[other.group("folder")] += 1
                continue
            folder, kind = match.group("folder"), FOLDER_KINDS[match.group("folder")]
            ident = f"{match.group('ns')}:{match.group('path')}"
            if source.layer == Layer.GAME and kind != "item tags":
                # Vanilla recipes and loot come from minecraft-data (the shipped or imported
                # version); the game's jar gives its tags and names.
                self.out.not_read[f"the game's own {kind}"] += 1
                continue
            earlier = seen.get((kind, ident))
            if earlier is not None:
                # One source with both generations of the same id: the 1.21 file is used.
                keep_new = folder in NEW_FOLDERS
                dropped = earlier if keep_new else path
                self.report.skip(
                    f"{source.name}!{dropped}",
                    f"duplicate id {ident} in one source: the 1.21 folder's file is used",
                )
                if not keep_new:
                    continue
                self._forget(kind, ident, source)
            seen[(kind, ident)] = path
            ref = FileRef(source, path)
            if kind == "recipes":
                self.out.recipes[ident] = ref
            elif kind == "loot tables":
                self.out.loot_tables[ident] = ref
            else:
                self.out.tags.setdefault(ident, []).append(ref)

    def _forget(self, kind: str, ident: str, source: Source) -> None:
        if kind == "item tags":
            refs = self.out.tags.get(ident, [])
            self.out.tags[ident] = [r for r in refs if r.source is not source]

    def _assets(self, source: Source) -> None:
        for path in source.archive.paths:
            match = LANG_FILE.match(path)
            if match is not None:
                language = match.group("lang").lower()
                if not LANGUAGE_CODE.match(language):
                    self.report.skip(f"{source.name}!{path}", "not a language code")
                    continue
                self.out.lang.setdefault(language, []).append(FileRef(source, path))
                continue
            match = ITEM_MODEL.match(path)
            if match is not None:
                self.out.model_items.add(f"{match.group('ns')}:{match.group('path')}")

    def _metadata(self, source: Source) -> None:
        for name in MOD_METADATA:
            if name not in source.archive.paths:
                continue
            self.out.loaders.update(LOADER_IDS[name])
            try:
                data = source.archive.read(name)
            except Skipped as exc:
                self.report.skip(f"{source.name}!{name}", str(exc))
                continue
            self.out.mods.update(mod_ids(name, data))


def mod_ids(name: str, data: bytes) -> dict[str, str]:
    """Mod id → display name from one metadata file (unreadable → the ids it plainly has)."""
    text = data.decode("utf-8", errors="replace")
    if name.endswith(".json"):
        try:
            meta = json.loads(text)
        except json.JSONDecodeError:
            return {}
        if name == "quilt.mod.json":
            meta = meta.get("quilt_loader", {}) if isinstance(meta, dict) else {}
            loader_meta = meta.get("metadata", {}) if isinstance(meta, dict) else {}
            return {str(meta.get("id")): str(loader_meta.get("name") or meta.get("id"))}
        if isinstance(meta, dict) and meta.get("id"):
            return {str(meta["id"]): str(meta.get("name") or meta["id"])}
        return {}
    try:
        mods = tomllib.loads(text).get("mods", [])
    except tomllib.TOMLDecodeError:
        return {mod: mod for mod in MOD_ID.findall(text)}
    return {
        str(mod["modId"]): str(mod.get("displayName") or mod["modId"])
        for mod in mods
        if isinstance(mod, dict) and mod.get("modId")
    }


def read_json(ref: FileRef, report: PackReport, *, pairs: bool = False) -> Any:
    """A file's JSON, or ``None`` (reported) when it cannot be read or parsed.
    With ``pairs`` an object comes back as its list of (key, value) pairs."""
    where = f"{ref.source.name}!{ref.path}"
    try:
        data = ref.source.archive.read(ref.path)
    except Skipped as exc:
        report.skip(where, str(exc))
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        report.skip(where, f"not UTF-8 text (byte {data[exc.start]:#04x} at offset {exc.start})")
        return None
    try:
        if pairs:
            return json.loads(text, object_pairs_hook=lambda items: items)
        return json.loads(text)
    except json.JSONDecodeError as exc:
        report.skip(where, f"bad JSON: line {exc.lineno}, column {exc.colno}: {exc.msg}")
    except RecursionError:
        report.skip(where, "bad JSON: nested too deeply")
    return None
