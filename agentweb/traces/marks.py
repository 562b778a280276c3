"""Marks a reviewer must not miss: undone, forgotten, redacted, imported, an experiment's,
still active."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ObjectDoesNotExist

from agentweb.assistant.models import Run, Status


def memory_generation_of(user: Any) -> int:
    """The player's current memory generation (0 before his first forget)."""
    try:
        return user.memory_state.generation
    except ObjectDoesNotExist:
        return 0


def run_marks(
    run: Run, generation: int, imported: bool = False, experiment: bool = False
) -> list[str]:
    """The marks of one run, in the order the page shows them.

    ``forgotten``: the player forgot his memory after this run, so it no longer
    reaches the model (R-MEM-1); ``redacted``: "purge on forget" also removed
    its contents from the stored run and events; ``experiment``: a run an experiment made
    (no player asked it; ``agentweb.traces.experiments``).
    """
    flags = []
    if run.active:
        flags.append("active")
    if run.status == Status.UNDONE:
        flags.append("undone")
    if run.memory_generation < generation:
        flags.append("forgotten")
    if run.redacted:
        flags.append("redacted")
    if imported:
        flags.append("imported")
    if experiment:
        flags.append("experiment")
    return flags
