"""``manage.py import_trace run-12.json --user rita``: an export becomes a new run here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from agentweb.traces.importer import TraceImportError, import_trace


class Command(BaseCommand):
    help = "Import a run exported by GET /api/runs/<id>/export as a new run (read-only trace)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="the export JSON file, or - for stdin")
        parser.add_argument("--user", required=True, help="who owns the imported run")

    def handle(self, *args: Any, **options: Any) -> None:
        user = get_user_model().objects.filter(username=options["user"]).first()
        if user is None:
            raise CommandError(f"no user {options['user']!r}")
        source = options["file"]
        try:
            text = self.stdin.read() if source == "-" else Path(source).read_text("utf-8")
            data = json.loads(text)
        except (OSError, ValueError) as exc:
            raise CommandError(f"cannot read {source}: {exc}") from None
        try:
            run = import_trace(data, user, source=Path(source).name if source != "-" else "stdin")
        except TraceImportError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"imported as run {run.pk} ({len(data['events'])} events)")
