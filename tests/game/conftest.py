"""Fixtures for the game tests: the shipped world (``tests/game_world.py``)."""

from tests.game_world import FIXTURES, PACKS, pack_copy, shipped_world, world

__all__ = ["FIXTURES", "PACKS", "pack_copy", "shipped_world", "world"]
