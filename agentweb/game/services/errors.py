"""Why an action cannot be taken back."""

from __future__ import annotations


class CannotCompensate(Exception):
    """Undo of a write step is impossible (e.g. the items were already handed out)."""
