"""``manage.py run_worker``: one worker process of the scaled setup (docs/operations.md)."""

from __future__ import annotations

import asyncio
import signal
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.management.base import BaseCommand, CommandError

from agentweb.assistant.runs.worker import Worker
from agentweb.lib import server_process


class Command(BaseCommand):
    help = "Claim queued runs from the database and execute them (AGENTWEB_EXECUTOR=worker)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--name", default=None, help="lease owner name (default host:pid)")
        parser.add_argument(
            "--concurrency",
            type=int,
            default=None,
            help="concurrent runs (default AGENTWEB_WORKER_CONCURRENCY)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            new_loop = server_process.loop_factory()
        except ImproperlyConfigured as exc:
            raise CommandError(str(exc)) from None
        if settings.AGENTWEB_EXECUTOR != "worker":
            # Otherwise the serving processes would run the same runs in-process too.
            raise CommandError("set AGENTWEB_EXECUTOR=worker for the workers and Daphne alike")
        if "redis" not in settings.CHANNEL_LAYERS["default"]["BACKEND"]:
            # Still correct (the queue is polled, flags are read at every step),
            # but doorbells, cancels and confirmations never reach this process.
            self.stderr.write("REDIS_URL is not set: runs start by polling and cancels are slow")
        capacity = options["concurrency"] or settings.AGENTWEB_WORKER_CONCURRENCY
        server_process.tune_collector()
        with asyncio.Runner(loop_factory=new_loop) as runner:
            runner.run(self._serve(Worker(options["name"], capacity)))

    async def _serve(self, worker: Worker) -> None:
        server_process.freeze_heap()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, worker.stop)
        self.stdout.write(f"worker {worker.name} started", ending="\n")
        self.stdout.flush()
        await worker.run()
        self.stdout.write(f"worker {worker.name} stopped")
