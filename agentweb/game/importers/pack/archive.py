"""Read the files of a jar, a zip or a folder in place, safely; never run anything.

Every path is checked before it is used: an entry with an absolute path or a ``..``
segment is skipped and reported, never resolved. What a zip entry expands to is
counted while it is decompressed, so a zip bomb costs at most the caps: one entry may
give at most ``AGENTWEB_PACK_MAX_ENTRY_BYTES`` (a bigger one is skipped and reported) and
the whole import at most ``AGENTWEB_PACK_MAX_IMPORT_BYTES`` (past it the import stops,
with nothing written: :class:`ImportTooLarge`). A zip that cannot be opened (a corrupt or
encrypted jar) is a report line, not an error.
"""

from __future__ import annotations

import io
import os
import re
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from django.conf import settings

# Jars inside jars read one level down: Forge/NeoForge jar-in-jar and Fabric nested jars
# (libraries bundled this way sometimes carry data: Fabric API's convention tags), and
# the game's server bundler (``server.jar`` holds the real server jar).
NESTED_JARS = re.compile(r"^META-INF/(jarjar/|jars/|versions/[^/]+/)[^/]+\.jar$")
MAX_NESTING = 1
WINDOWS_DRIVE = re.compile(r"^[A-Za-z]:")
# Files nobody reads (no point counting them against the caps).
IGNORED_PREFIXES = ("__MACOSX/",)


class Skipped(Exception):
    """One file could not be read; the reason goes in the report."""


class ImportTooLarge(Exception):
    """The import read more than its byte cap: nothing is written."""


@dataclass(frozen=True)
class Limits:
    entry_bytes: int
    import_bytes: int
    entries: int

    @classmethod
    def from_settings(cls) -> Limits:
        return cls(
            entry_bytes=settings.AGENTWEB_PACK_MAX_ENTRY_BYTES,
            import_bytes=settings.AGENTWEB_PACK_MAX_IMPORT_BYTES,
            entries=settings.AGENTWEB_PACK_MAX_ENTRIES,
        )


SkipFn = Callable[[str, str], None]


class Budget:
    """The bytes one import has read, against its caps."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.read = 0

    def take(self, size: int, where: str) -> None:
        self.read += size
        if self.read > self.limits.import_bytes:
            raise ImportTooLarge(
                f"{where}: the import read more than {self.limits.import_bytes} bytes "
                "(AGENTWEB_PACK_MAX_IMPORT_BYTES); nothing was imported"
            )


def safe_path(name: str) -> str | None:
    """A zip entry's name as a relative POSIX path, or ``None`` if it points outside
    (absolute, a drive letter, or a ``..`` segment)."""
    name = name.replace("\\", "/")
    if name.startswith("/") or WINDOWS_DRIVE.match(name):
        return None
    parts = [part for part in name.split("/") if part not in ("", ".")]
    if not parts or ".." in parts:
        return None
    return "/".join(parts)


class Archive:
    """The files of one jar, zip or folder: relative POSIX paths, read with the caps."""

    name: str
    paths: list[str]

    def read(self, path: str) -> bytes:  # pragma: no cover - interface
        raise NotImplementedError

    def fingerprint(self, path: str) -> str:  # pragma: no cover - interface
        """What changes when the file's content does (without reading it)."""
        raise NotImplementedError

    def nested(self) -> list[Archive]:
        return []

    def close(self) -> None:
        """Release the file (zips stay open while the import reads them)."""


class ZipArchive(Archive):
    def __init__(
        self,
        zf: zipfile.ZipFile,
        name: str,
        budget: Budget,
        skip: SkipFn,
        depth: int = 0,
    ) -> None:
        self.zf, self.name, self.budget, self.skip, self.depth = zf, name, budget, skip, depth
        self._infos: dict[str, zipfile.ZipInfo] = {}
        for info in zf.infolist():
            if info.is_dir() or info.filename.startswith(IGNORED_PREFIXES):
                continue
            path = safe_path(info.filename)
            if path is None:
                skip(f"{name}!{info.filename}", "unsafe zip entry path (absolute or with ..)")
                continue
            if path in self._infos:
                skip(f"{name}!{path}", "duplicate zip entry: the last one is used")
            self._infos[path] = info
        self.paths = list(self._infos)

    def fingerprint(self, path: str) -> str:
        info = self._infos[path]  # the zip's own CRC-32 and size of the entry
        return f"{info.CRC:08x}:{info.file_size}"

    def read(self, path: str) -> bytes:
        info = self._infos[path]
        where = f"{self.name}!{path}"
        if info.flag_bits & 0x1:
            raise Skipped("encrypted zip entry")
        cap = self.budget.limits.entry_bytes
        try:
            with self.zf.open(info) as handle:
                data = handle.read(cap + 1)
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError) as exc:
            raise Skipped(f"unreadable zip entry: {exc}") from exc
        if len(data) > cap:
            self.budget.take(cap, where)
            raise Skipped(f"expands to more than {cap} bytes (AGENTWEB_PACK_MAX_ENTRY_BYTES)")
        self.budget.take(len(data), where)
        return data

    def nested(self) -> list[Archive]:
        if self.depth >= MAX_NESTING:
            return []
        found = []
        for path in self.paths:
            if not NESTED_JARS.match(path):
                continue
            try:
                data = self.read(path)
            except Skipped as exc:
                self.skip(f"{self.name}!{path}", str(exc))
                continue
            name = f"{self.name}!{path}"
            archive = open_zip(io.BytesIO(data), name, self.budget, self.skip, self.depth + 1)
            if archive is not None:
                found.append(archive)
        return found

    def close(self) -> None:
        self.zf.close()


def open_zip(
    file: Path | io.BytesIO, name: str, budget: Budget, skip: SkipFn, depth: int = 0
) -> ZipArchive | None:
    """The zip, or ``None`` (reported) if it cannot be read as one."""
    try:
        zf = zipfile.ZipFile(file)
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError) as exc:
        skip(name, f"not a readable zip: {exc}")
        return None
    if len(zf.infolist()) > budget.limits.entries:
        skip(
            name,
            f"lists {len(zf.infolist())} entries, more than {budget.limits.entries} "
            "(AGENTWEB_PACK_MAX_ENTRIES)",
        )
        zf.close()
        return None
    return ZipArchive(zf, name, budget, skip, depth)


class FolderArchive(Archive):
    """A folder (an unpacked datapack, ``kubejs/``): symbolic links are not followed
    out of it."""

    def __init__(self, root: Path, name: str, budget: Budget, skip: SkipFn) -> None:
        self.root, self.name, self.budget, self.skip = root, name, budget, skip
        resolved_root = root.resolve()
        self.paths = []
        for folder, dirs, files in os.walk(root):
            dirs.sort()
            if len(self.paths) + len(files) > budget.limits.entries:
                skip(
                    name,
                    f"holds more than {budget.limits.entries} files "
                    "(AGENTWEB_PACK_MAX_ENTRIES): the rest is not read",
                )
                break
            for file_name in sorted(files):
                full = Path(folder) / file_name
                relative = full.relative_to(root).as_posix()
                if full.is_symlink() and not full.resolve().is_relative_to(resolved_root):
                    skip(f"{name}/{relative}", "a symbolic link out of the folder")
                    continue
                self.paths.append(relative)

    def fingerprint(self, path: str) -> str:
        try:
            stat = (self.root / path).stat()
        except OSError:
            return "missing"
        return f"{stat.st_size}:{stat.st_mtime_ns}"

    def read(self, path: str) -> bytes:
        full = self.root / path
        cap = self.budget.limits.entry_bytes
        try:
            with full.open("rb") as handle:
                data = handle.read(cap + 1)
        except OSError as exc:
            raise Skipped(f"unreadable file: {exc.strerror or exc}") from exc
        if len(data) > cap:
            raise Skipped(f"larger than {cap} bytes (AGENTWEB_PACK_MAX_ENTRY_BYTES)")
        self.budget.take(len(data), f"{self.name}/{path}")
        return data


def under(paths: list[str], prefix: str) -> list[str]:
    """The paths below ``prefix`` (a folder, with or without its slash)."""
    prefix = prefix.rstrip("/") + "/"
    return [path for path in paths if path.startswith(prefix)]


def stem(path: str) -> str:
    return PurePosixPath(path).stem
