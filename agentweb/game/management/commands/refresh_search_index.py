"""``manage.py refresh_search_index``: make every search document match its object again,
and every process drop the game data it keeps in memory."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from agentweb.game import versions
from agentweb.game.search.documents import refresh_all


class Command(BaseCommand):
    help = (
        "Rewrite the search documents that differ from their article, quest or item. "
        "Imports and admin edits do this themselves; run it after changing the game "
        "tables with raw SQL. The database's full-text index follows the documents, and "
        "every process reads the game data afresh."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        with transaction.atomic():
            changed = refresh_all()
            versions.bump()
        self.stdout.write(f"search documents changed: {changed}")
