"""The web server: Daphne on the chosen event loop, with the collector tuned.

    python -m agentweb.serve -b 127.0.0.1 -p 8000 agentweb.asgi:application

Takes Daphne's own arguments. Daphne installs Twisted's asyncio reactor when it
is imported, on a loop of its making; this installs it first, on a loop of the
kind ``AGENTWEB_EVENT_LOOP`` names (``lib.server_process``), and freezes the
heap once the application is loaded and the reactor runs.
"""

from __future__ import annotations

import sys

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
    CommandLineInterface().run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    main()
