from typing import Any

from django.apps import apps
from django.core.management.base import BaseCommand

from agentweb.assistant.runs.recovery import recover


class Command(BaseCommand):
    help = (
        "A cold start, before any server or worker runs (the scaled stack does it): runs left "
        "running are interrupted (or queued again if they never started), messages left waiting "
        "behind them become their next runs, and the model-call slots a stopped process held "
        "are freed. A serving process does the same by itself when it starts (agentweb.serve)."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        recovered = recover(start_queued=False)
        self.stdout.write(f"{len(recovered.finished)} interrupted run(s) marked")
        self.stdout.write(f"{len(recovered.promoted)} waiting message(s) queued as their own run")
        if apps.is_installed("agentweb.control"):
            from agentweb.control.slots import reset_model_slots

            self.stdout.write(f"{reset_model_slots()} leaked model-call slot(s) freed")
