"""What a long-running process sets up before it serves: its event loop and its collector.

* **The event loop.** ``AGENTWEB_EVENT_LOOP`` = ``uvloop`` (the default where it
  is installed) or ``asyncio``. uvloop runs the loop itself in C (libuv): at 100
  clients it serves about a tenth more runs a second for the same CPU
  (docs/performance.md, "The process: event loop and collector"). Twisted's
  asyncio reactor, which Daphne runs on, accepts it.
* **The collector.** A served process holds a large heap of objects that live
  as long as it does (Django's apps, URL patterns, the game data in memory)
  and makes many short-lived ones per request. With the default thresholds
  the youngest generation is collected every 700 allocations, and every full
  collection walks the whole long-lived heap: at 100 clients those pauses were
  most of the event p99. ``freeze_heap`` moves what start-up made out of the
  collector's sight, and ``tune_collector`` collects the young generation about
  thirty times more rarely. Cycles are still found, only in larger batches.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable

from agentweb.lib.env import env_choice

EVENT_LOOPS = ("uvloop", "asyncio")
# Allocations between collections of the youngest generation (CPython's default: 700),
# and how many collections of one generation make one of the next (default 10, 10).
COLLECTOR_THRESHOLDS = (20_000, 20, 100)


def _uvloop_installed() -> bool:
    try:
        import uvloop  # noqa: F401
    except ImportError:
        return False
    return True


def event_loop_choice() -> str:
    """``AGENTWEB_EVENT_LOOP``: ``uvloop`` by default where it is installed, else ``asyncio``.

    Asking for ``uvloop`` where it is not installed is a configuration error."""
    installed = _uvloop_installed()
    choice = env_choice("AGENTWEB_EVENT_LOOP", "uvloop" if installed else "asyncio", EVENT_LOOPS)
    if choice == "uvloop" and not installed:
        from django.core.exceptions import ImproperlyConfigured

        raise ImproperlyConfigured("AGENTWEB_EVENT_LOOP=uvloop but uvloop is not installed")
    return choice


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop]:
    """A factory of new event loops of the chosen kind (``asyncio.Runner(loop_factory=…)``)."""
    if event_loop_choice() == "uvloop":
        import uvloop

        return uvloop.new_event_loop
    return asyncio.new_event_loop


def tune_collector() -> None:
    """Collect the young generations more rarely (see the module's docstring)."""
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def freeze_heap() -> None:
    """Move every object alive now out of the collector's sight: call once start-up is done.

    Collected first, so what start-up left as garbage is not kept forever."""
    gc.collect()
    gc.freeze()
