"""``import_pack``: a server's own world — recipes, loot, tags and names from its mods,
datapacks, KubeJS data, resource packs and FTB Quests book, in every language.

    report = import_pack(Path("/srv/minecraft"))             # writes, one transaction
    report = import_pack(Path("create.jar"), dry_run=True)   # the same work, rolled back

The steps, each in its own module: find the sources and their order (``sources``),
read them safely (``archive``), gather the files that count (``collect``), read names
(``lang``), tags (``tags``), load conditions (``conditions``), recipes (``recipes``,
``stacks``) and loot (``loot``) into a world (``world``), then write it
(``write``). Nothing here runs code from the pack.
"""

from __future__ import annotations

import time
from pathlib import Path

from django.db import transaction

from agentweb.game.importers.bulk import after_bulk_write
from agentweb.game.importers.pack.archive import Budget, ImportTooLarge, Limits
from agentweb.game.importers.pack.report import PackReport
from agentweb.game.importers.pack.sources import find_sources
from agentweb.game.importers.pack.world import build_world
from agentweb.game.importers.pack.write import write_world
from agentweb.lib import dialect


class DryRun(Exception):
    """Raised inside the transaction to roll a dry run back."""


class PackImportFailed(Exception):
    """The import stopped; nothing was written. ``report`` says how far it got."""

    def __init__(self, report: PackReport) -> None:
        self.report = report
        super().__init__(report.error)


def import_pack(
    path: Path | str,
    *,
    dry_run: bool = False,
    book_slug: str | None = None,
    limits: Limits | None = None,
) -> PackReport:
    """Import (or re-import) the pack at ``path``; all or nothing.

    Raises :class:`PackImportFailed` (with the report) when the pack cannot be imported
    at all; everything else that is wrong with it is a line in the report."""
    started = time.monotonic()
    root = Path(path)
    report = PackReport(path=str(path), dry_run=dry_run)
    budget = Budget(limits or Limits.from_settings())
    if not root.exists():
        report.error = f"{path}: no such file or folder"
        raise PackImportFailed(report)
    found = find_sources(root, budget, report.skip)
    report.kind = found.kind
    if not found.sources:
        report.error = (
            f"{path}: not an instance folder (mods/, config/, kubejs/, datapacks/, "
            "resourcepacks/, server.properties), a readable .jar/.zip, or a datapack "
            "(pack.mcmeta, data/, assets/)"
        )
        raise PackImportFailed(report)
    report.sources = [{"name": s.name, "layer": str(s.layer)} for s in found.sources]
    try:
        world = build_world(found, report, book_slug=book_slug)
        report.timings["read the pack"] = time.monotonic() - started
        with dialect.large_page_cache(), transaction.atomic():
            write_world(world, report)
            if dry_run:
                raise DryRun
            settling = time.monotonic()
            if after_bulk_write():
                report.timings["update the planner's statistics"] = time.monotonic() - settling
    except DryRun:
        pass
    except ImportTooLarge as exc:
        report.error = str(exc)
        raise PackImportFailed(report) from exc
    finally:
        found.close()
        report.bytes_read = budget.read
        report.seconds = time.monotonic() - started
    _count(report, world)
    return report


def _count(report: PackReport, world) -> None:
    report.counts["items"] = len(world.items)
    report.counts["recipes"] = len(world.recipes)
    report.counts["loot tables"] = len(world.loot)
    report.counts["item tags"] = len(world.tags)
    report.counts["names"] = len(world.names)


__all__ = ["DryRun", "PackImportFailed", "import_pack"]
