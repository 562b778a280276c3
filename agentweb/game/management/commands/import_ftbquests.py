"""``manage.py import_ftbquests <pack root>``."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from agentweb.game.importers.errors import ImportFailed
from agentweb.game.importers.ftbquests import import_ftbquests


class Command(BaseCommand):
    help = (
        "Import the FTB Quests book of a modpack (the folder holding config/ftbquests). "
        "Re-running updates in place. Import minecraft-data first so untitled quests "
        "get vanilla item names."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("pack_root", help="the modpack's root folder")
        parser.add_argument("--slug", help="book slug (default: the folder's name)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = import_ftbquests(options["pack_root"], slug=options.get("slug"))
        except ImportFailed as exc:
            raise CommandError(f"nothing imported: {exc}") from exc
        for line in report.lines():
            self.stdout.write(line)
