"""``manage.py import_minecraft_data <data dir> --version 1.20``."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from agentweb.game.importers.errors import ImportFailed
from agentweb.game.importers.minecraft import DEFAULT_BEDROCK_VERSION, import_minecraft_data


class Command(BaseCommand):
    help = (
        "Import items, crafting, cooking and loot from a PrismarineJS minecraft-data "
        "data/ folder (the one holding dataPaths.json). Re-running updates in place."
    )

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        # The documented option is --version (the game version), which Django
        # already uses for its own version: let ours replace it.
        return super().create_parser(prog_name, subcommand, conflict_handler="resolve", **kwargs)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("data_dir", help="minecraft-data's data/ folder")
        parser.add_argument("--version", dest="mc_version", default="1.20", help="pc version")
        parser.add_argument(
            "--bedrock-version",
            default=DEFAULT_BEDROCK_VERSION,
            help="Bedrock version whose recipes.json supplies smelting and cooking",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = import_minecraft_data(
                options["data_dir"],
                options["mc_version"],
                bedrock_version=options["bedrock_version"],
            )
        except ImportFailed as exc:
            raise CommandError(f"nothing imported: {exc}") from exc
        for line in report.lines():
            self.stdout.write(line)
