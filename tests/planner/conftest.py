"""Fixtures for the planner tests: the shipped world (``tests/game_world.py``)."""

from tests.game_world import pack_copy, shipped_world, world

__all__ = ["pack_copy", "shipped_world", "world"]
