"""The web server: Daphne on the chosen event loop, with the collector tuned.

    python -m agentweb.serve -b 127.0.0.1 -p 8000 agentweb.asgi:application

Takes Daphne's own arguments. Daphne installs Twisted's asyncio reactor when it
is imported, on a loop of its making; this installs it first, on a loop of the
kind ``AGENTWEB_EVENT_LOOP`` names (``lib.server_process``), and freezes the
heap once the application is loaded and the reactor runs. As the reactor
starts, the server recovers what a killed predecessor left
(``assistant.runs.recovery.recover_at_start``): however it is started (``make
run``, this module, the scaled stack), no run stays ``running`` with nobody
running it and no message waits behind one.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from typing import Any

from agentweb.lib import server_process


def main(argv: list[str] | None = None) -> None:
    new_loop = server_process.loop_factory()  # a malformed setting stops here, before anything
    from twisted.internet import asyncioreactor

    # Before Daphne's import, which installs the reactor on a default loop unless one is.
    asyncioreactor.install(new_loop())
    server_process.tune_collector()

    from daphne.cli import CommandLineInterface
    from twisted.internet import reactor

    reactor.callWhenRunning(server_process.freeze_heap)
    reactor.callWhenRunning(_recover)
    CommandLineInterface().run(sys.argv[1:] if argv is None else argv)


def _recover() -> None:
    """Recovery on the server's loop (the runs it starts run here); the application is loaded."""
    from agentweb.assistant.runs.recovery import recover_at_start

    task = asyncio.get_event_loop().create_task(recover_at_start(), name="recovery")
    _recovering.add(task)
    task.add_done_callback(_recovered)


# The recovery task, held until it is done (a task only weakly held may be collected).
_recovering: set[asyncio.Task[Any]] = set()


def _recovered(task: asyncio.Task[Any]) -> None:
    _recovering.discard(task)
    if not task.cancelled() and task.exception() is not None:
        logging.getLogger("agentweb").error("recovery at start failed", exc_info=task.exception())


if __name__ == "__main__":
    main()
