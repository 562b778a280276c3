from typing import Any

from django.apps import apps
from django.core.management.base import BaseCommand

from agentweb.assistant.runs.recovery import mark_interrupted


class Command(BaseCommand):
    help = (
        "Before a single-process server starts: mark runs left running as interrupted and "
        "free the model-call slots a stopped process still held."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        count = mark_interrupted()
        self.stdout.write(f"{count} interrupted run(s) marked")
        if apps.is_installed("agentweb.control"):
            from agentweb.control.slots import reset_model_slots

            self.stdout.write(f"{reset_model_slots()} leaked model-call slot(s) freed")
