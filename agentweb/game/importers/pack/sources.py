"""Which jars, zips and folders make a server's world, in the order the game reads them.

``PATH`` is an instance folder (a server's or a client's), one ``.jar``/``.zip`` (a mod
or a datapack), or an unpacked datapack folder. In an instance the game layers its data
like this, lowest first — a later file with the same id replaces an earlier one, tags
and lang keys merge:

data (recipes, loot tables, tags)
    the game's own jar (when the instance has it) → the mod loader's jar → ``mods/*.jar``
    (by file name) → global datapacks (``datapacks/``, Open Loader, Paxi, Global Packs)
    → the world's datapacks (``<level-name>/datapacks/``, by name; ``level-name`` from
    ``server.properties``, else ``world``) → KubeJS's ``kubejs/data``.
assets (names)
    the game's own jar → the loader → mods → ``kubejs/assets`` → the resource packs
    enabled in ``options.txt`` (in its order, last wins), or every resource pack by
    name when there is no ``options.txt``.

What no source holds (KubeJS scripts, worlds' region files, configs other than FTB
Quests) is not read; see docs/data.md.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from agentweb.game.importers.pack.archive import (
    Archive,
    Budget,
    FolderArchive,
    SkipFn,
    open_zip,
)

ZIP_SUFFIXES = (".jar", ".zip")
# Global datapack folders of the usual loader mods, read like ``datapacks/``.
GLOBAL_DATAPACKS = (
    "datapacks",
    "config/openloader/data",
    "config/openloader/packs",
    "config/paxi/datapacks",
    "global_packs/required_data",
)
# Where an instance may keep the game's own jar and the mod loader's jar.
GAME_JARS = ("versions/*/*.jar", "server.jar", "minecraft_server*.jar")
LOADER_JARS = (
    "libraries/net/neoforged/neoforge/*/neoforge-*-universal.jar",
    "libraries/net/minecraftforge/forge/*/forge-*-universal.jar",
)
RESOURCE_PACKS_LINE = re.compile(r"^resourcePacks:(.*)$", re.MULTILINE)
# What an unpacked datapack (or mod) folder has; a folder with none of it is not read.
DATAPACK_MARKERS = ("pack.mcmeta", "data", "assets")
# Folders that make a folder an instance rather than a datapack.
INSTANCE_MARKERS = ("mods", "kubejs", "config", "datapacks", "resourcepacks", "server.properties")


class Layer(StrEnum):
    GAME = "game"
    LOADER = "loader"
    MOD = "mod"
    DATAPACK = "datapack"
    KUBEJS = "kubejs"
    RESOURCE_PACK = "resourcepack"


# Which layers give data and which give assets, in the order the game stacks them.
DATA_ORDER = (Layer.GAME, Layer.LOADER, Layer.MOD, Layer.DATAPACK, Layer.KUBEJS)
ASSET_ORDER = (Layer.GAME, Layer.LOADER, Layer.MOD, Layer.KUBEJS, Layer.RESOURCE_PACK)


@dataclass
class Source:
    """One jar, zip or folder and where it sits."""

    archive: Archive
    layer: Layer

    @property
    def name(self) -> str:
        return self.archive.name


@dataclass
class Found:
    """The sources of one import, and the instance folder (for FTB Quests and KubeJS)."""

    sources: list[Source]
    instance: Path | None
    kind: str  # "instance" | "archive" | "datapack"

    def data_sources(self) -> list[Source]:
        return _ordered(self.sources, DATA_ORDER)

    def asset_sources(self) -> list[Source]:
        if self.kind != "instance":
            return list(self.sources)  # one jar or folder given alone: all of it is read
        return _ordered(self.sources, ASSET_ORDER)

    def close(self) -> None:
        for source in self.sources:
            source.archive.close()


def _ordered(sources: list[Source], order: tuple[Layer, ...]) -> list[Source]:
    rank = {layer: i for i, layer in enumerate(order)}
    kept = [s for s in sources if s.layer in rank]
    # Stable: within a layer the discovery order (file names) stands.
    return sorted(kept, key=lambda s: rank[s.layer])


def find_sources(path: Path, budget: Budget, skip: SkipFn) -> Found:
    """Every source under ``path`` (see the module's docstring)."""
    if path.is_file():
        archive = open_zip(path, path.name, budget, skip)
        sources = _with_nested(archive, Layer.MOD, skip) if archive else []
        return Found(sources, None, "archive")
    if not _is_instance(path):
        if not any((path / part).exists() for part in DATAPACK_MARKERS):
            return Found([], None, "nothing to read")
        return Found(
            [Source(FolderArchive(path, path.name, budget, skip), Layer.DATAPACK)], None, "datapack"
        )
    finder = _InstanceFinder(path, budget, skip)
    return Found(finder.sources(), path, "instance")


def _is_instance(path: Path) -> bool:
    return any((path / marker).exists() for marker in INSTANCE_MARKERS)


def _with_nested(archive: Archive, layer: Layer, skip: SkipFn) -> list[Source]:
    return [Source(archive, layer), *(Source(n, layer) for n in archive.nested())]


class _InstanceFinder:
    def __init__(self, root: Path, budget: Budget, skip: SkipFn) -> None:
        self.root, self.budget, self.skip = root, budget, skip

    def sources(self) -> list[Source]:
        found: list[Source] = []
        for pattern in GAME_JARS:
            found += self._zips(sorted(self.root.glob(pattern)), Layer.GAME, nested=True)
        for pattern in LOADER_JARS:
            found += self._zips(sorted(self.root.glob(pattern)), Layer.LOADER, nested=True)
        found += self._zips(self._files("mods", ZIP_SUFFIXES), Layer.MOD, nested=True)
        for folder in GLOBAL_DATAPACKS:
            found += self._packs(folder, Layer.DATAPACK)
        found += self._packs(f"{self._level_name()}/datapacks", Layer.DATAPACK)
        kubejs = self.root / "kubejs"
        if kubejs.is_dir():
            found.append(
                Source(FolderArchive(kubejs, "kubejs", self.budget, self.skip), Layer.KUBEJS)
            )
        found += self._resource_packs()
        return found

    def _rel(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()

    def _files(self, folder: str, suffixes: tuple[str, ...]) -> list[Path]:
        base = self.root / folder
        if not base.is_dir():
            return []
        return sorted(
            (p for p in base.iterdir() if p.is_file() and p.suffix.lower() in suffixes),
            key=lambda p: p.name.lower(),
        )

    def _zips(self, paths: list[Path], layer: Layer, *, nested: bool) -> list[Source]:
        found = []
        for path in paths:
            archive = open_zip(path, self._rel(path), self.budget, self.skip)
            if archive is None:
                continue
            found += _with_nested(archive, layer, self.skip) if nested else [Source(archive, layer)]
        return found

    def _packs(self, folder: str, layer: Layer) -> list[Source]:
        """Datapacks or resource packs in ``folder``: zips, and folders with pack.mcmeta."""
        base = self.root / folder
        if not base.is_dir():
            return []
        found = []
        for path in sorted(base.iterdir(), key=lambda p: p.name.lower()):
            if path.is_file() and path.suffix.lower() in ZIP_SUFFIXES:
                found += self._zips([path], layer, nested=False)
            elif path.is_dir() and (path / "pack.mcmeta").is_file():
                found.append(
                    Source(FolderArchive(path, self._rel(path), self.budget, self.skip), layer)
                )
            elif path.is_dir():
                self.skip(self._rel(path), "a folder without pack.mcmeta is not a pack")
        return found

    def _level_name(self) -> str:
        properties = self.root / "server.properties"
        if properties.is_file():
            for line in properties.read_text(encoding="utf-8", errors="replace").splitlines():
                key, _, value = line.partition("=")
                if key.strip() == "level-name" and value.strip():
                    return value.strip()
        return "world"

    def _resource_packs(self) -> list[Source]:
        packs = self._packs("resourcepacks", Layer.RESOURCE_PACK)
        enabled = self._enabled_resource_packs()
        if enabled is None:
            return packs
        by_name = {source.name.removeprefix("resourcepacks/"): source for source in packs}
        ordered = [by_name.pop(name) for name in enabled if name in by_name]
        for source in by_name.values():
            self.skip(source.name, "resource pack not enabled in options.txt")
            source.archive.close()
        return ordered

    def _enabled_resource_packs(self) -> list[str] | None:
        """``file/<name>`` entries of options.txt's ``resourcePacks``, lowest first."""
        options = self.root / "options.txt"
        if not options.is_file():
            return None
        match = RESOURCE_PACKS_LINE.search(options.read_text(encoding="utf-8", errors="replace"))
        if match is None:
            return None
        try:
            listed = json.loads(match.group(1))
        except json.JSONDecodeError:
            self.skip("options.txt", "resourcePacks is not a JSON list: every pack is read")
            return None
        return [str(e)[5:] for e in listed if isinstance(e, str) and e.startswith("file/")]
