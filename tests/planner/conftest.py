"""Fixtures for the planner tests: the shipped world (``tests/game_world.py``) and the
second quest book, ``fixtures/saltmarsh-reach`` (FTB Quests 2101 layout: every title in
``lang/en_us.snbt``, two chapter groups, a choice and a random reward table)."""

from pathlib import Path

import pytest

from agentweb.game.importers.ftbquests import import_ftbquests
from tests.game_world import pack_copy, shipped_world, world

SALTMARSH = Path(__file__).resolve().parent / "fixtures" / "saltmarsh-reach"
# An FTB Quests 2101 book whose text is in lang/zh_cn.snbt (part of it in en_us too).
FROSTBELL = Path(__file__).resolve().parent / "fixtures" / "frostbell-hollow"
# A small book whose descriptions say the pack's rules and story about things it names
# (en_us and zh_cn): whether a thing is worth making, what is on purpose, where things are.
QUARRY = Path(__file__).resolve().parent / "fixtures" / "ember-quarry"
# A small book whose descriptions answer what a player asks around a thing: whether it is
# needed, whether a step was missed, how to get more, whether running short blocks quests.
FARM = Path(__file__).resolve().parent / "fixtures" / "copperbell-farm"


@pytest.fixture
def saltmarsh(world):
    """The shipped world plus Saltmarsh Reach, inside the test's transaction."""
    return import_ftbquests(SALTMARSH, slug="saltmarsh-reach")


@pytest.fixture
def frostbell(world):
    """The shipped world plus Frostbell Hollow (Chinese and part English), in the test's
    transaction."""
    return import_ftbquests(FROSTBELL, slug="frostbell-hollow")


@pytest.fixture
def quarry(world):
    """The shipped world plus Ember Quarry, in the test's transaction."""
    return import_ftbquests(QUARRY, slug="ember-quarry")


@pytest.fixture
def farm(world):
    """The shipped world plus Copperbell Farm, in the test's transaction."""
    return import_ftbquests(FARM, slug="copperbell-farm")


__all__ = ["farm", "frostbell", "pack_copy", "quarry", "saltmarsh", "shipped_world", "world"]
