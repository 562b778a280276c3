"""``manage.py run_deliveries``: hand pending deliveries out through RCON."""

from __future__ import annotations

import signal
import threading
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from agentweb.gameserver.console import ConsoleAddress
from agentweb.gameserver.deliverer import Deliverer


class Command(BaseCommand):
    help = "Deliver shop purchases and quest rewards in game through RCON (AGENTWEB_RCON_*)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--name", default=None, help="deliverer name (default: the host name)")
        parser.add_argument("--once", action="store_true", help="one pass, then exit")

    def handle(self, *args: Any, **options: Any) -> None:
        address = ConsoleAddress.from_settings()
        if address is None:
            raise CommandError("set AGENTWEB_RCON_HOST (and _PORT, _PASSWORD) to deliver by RCON")
        deliverer = Deliverer(address, options["name"])
        if options["once"]:
            result = deliverer.run_once()
            self.stdout.write(
                f"{result.delivered} delivered, {result.failed} failed, {result.unknown} unknown, "
                f"{result.waiting} waiting" + (f"; error: {result.error}" if result.error else "")
            )
            if result.error:
                raise CommandError(result.error)
            return
        stop = threading.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *_: stop.set())
        self.stdout.write(f"deliverer {deliverer.name} → {address.target} started")
        self.stdout.flush()
        deliverer.run_forever(stop)
        self.stdout.write(f"deliverer {deliverer.name} stopped")
