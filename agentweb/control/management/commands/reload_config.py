"""``manage.py reload_config``: re-read prompts/ and system-agent.json everywhere (R-POL-5)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from agentweb.control.config import reload_from_files


class Command(BaseCommand):
    help = (
        "Reload prompts/*.txt and config/system/system-agent.json; running servers pick "
        "them up at their next request. Problems are printed; exit status 1 if any."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        problems = reload_from_files()
        for problem in problems:
            self.stderr.write(problem)
        if problems:
            self.stderr.write(
                f"reloaded with {len(problems)} problem(s); "
                "a rejected policy keeps the last good one from the file (or the module default)"
            )
            raise SystemExit(1)
        self.stdout.write(self.style.SUCCESS("reloaded prompts and policies: no problems found"))
