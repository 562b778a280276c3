"""``manage.py export_trace 12 [--otel]``: the export document of a run, on stdout."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from agentweb.assistant.models import Run
from agentweb.traces.export import export_run
from agentweb.traces.otel import otel_view


class Command(BaseCommand):
    help = "Print the export of a run (the same JSON as GET /api/runs/<id>/export)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("run_id", type=int)
        parser.add_argument("--otel", action="store_true", help="the OpenTelemetry span view")

    def handle(self, *args: Any, **options: Any) -> None:
        run = Run.objects.select_related("user").filter(pk=options["run_id"]).first()
        if run is None:
            raise CommandError(f"there is no run {options['run_id']}")
        document = export_run(run)
        if options["otel"]:
            document = otel_view(document)
        self.stdout.write(json.dumps(document, ensure_ascii=False, indent=2))
