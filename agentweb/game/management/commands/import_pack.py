"""``manage.py import_pack PATH [--dry-run] [--book-slug S]``."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from agentweb.game.models import ImportStatus
from agentweb.game.pack_imports import ImportBusy, run_import


class Command(BaseCommand):
    help = (
        "Import a server's own world: recipes, loot tables, item tags and names in every "
        "language from its mods, datapacks, KubeJS data, resource packs and FTB Quests "
        "book. PATH is an instance folder (server or client), one .jar/.zip, or an "
        "unpacked datapack. Zips are read in place; nothing from the pack is run. One "
        "transaction: a failed import leaves the previous world as it was. The report is "
        "printed and kept for the admin."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="instance folder, .jar/.zip, or datapack folder")
        parser.add_argument(
            "--dry-run", action="store_true", help="report what would change; write nothing"
        )
        parser.add_argument("--book-slug", help="slug of the quest book (default: folder name)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            record = run_import(
                options["path"], dry_run=options["dry_run"], book_slug=options.get("book_slug")
            )
        except ImportBusy as exc:
            raise CommandError(str(exc)) from exc
        for line in record.text.splitlines():
            self.stdout.write(line)
        if record.status == ImportStatus.FAILED:
            raise CommandError(f"nothing imported: {record.report.get('error')}")
