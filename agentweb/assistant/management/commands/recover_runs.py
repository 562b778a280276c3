from typing import Any

from django.core.management.base import BaseCommand

from agentweb.assistant.recovery import mark_interrupted


class Command(BaseCommand):
    help = "Mark runs left running by a stopped server as interrupted (run before serving)."

    def handle(self, *args: Any, **options: Any) -> None:
        count = mark_interrupted()
        self.stdout.write(f"{count} interrupted run(s) marked")
