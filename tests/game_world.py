"""The shipped game world as fixtures, for every test package that asks questions of it.

The shipped demo data is imported once per test package that uses it (a few
seconds) and removed afterwards, so other packages start from an empty game
world. Tests run in a transaction on top of it: whatever they change is
rolled back.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from agentweb.game.demo import (
    DEMO_BOOK,
    DEMO_PACK_DIR,
    MINECRAFT_DATA_DIR,
    MINECRAFT_VERSION,
)
from agentweb.game.importers.ftbquests import import_ftbquests
from agentweb.game.importers.minecraft import import_minecraft_data
from agentweb.game.models import (
    GameName,
    Item,
    ItemSource,
    ItemTag,
    KnowledgeArticle,
    LootTable,
    PackImport,
    QuestBook,
    Recipe,
)

FIXTURES = Path(__file__).resolve().parent / "game" / "fixtures"
PACKS = FIXTURES / "packs"


@pytest.fixture(scope="package")
def shipped_world(django_db_setup, django_db_blocker):
    """The shipped minecraft-data 1.20 and the Create: Grand Expanse quest book."""
    with django_db_blocker.unblock():
        minecraft = import_minecraft_data(MINECRAFT_DATA_DIR, MINECRAFT_VERSION)
        quests = import_ftbquests(DEMO_PACK_DIR, slug=DEMO_BOOK)
    yield {"minecraft": minecraft, "quests": quests}
    with django_db_blocker.unblock():
        clear_game_world()


# Everything an import writes (shops and players' rows go with the items and books). A
# pack's recipes, tags and loot tables left behind would make the next import of the same
# pack keep them as unchanged, with none of the ways to obtain items they stand for.
GAME_WORLD = (
    KnowledgeArticle,
    QuestBook,
    ItemSource,
    Recipe,
    LootTable,
    ItemTag,
    PackImport,
    Item,
    GameName,
)


def clear_game_world() -> None:
    """Remove the game world a fixture imported outside the tests' transactions."""
    for model in GAME_WORLD:
        model.objects.all().delete()


@pytest.fixture
def world(shipped_world, db):
    """The shipped world, inside a test transaction."""
    return shipped_world


@pytest.fixture
def pack_copy(tmp_path):
    """Copy a fixture pack to a temporary folder the test may change."""

    def copy(name: str) -> Path:
        target = tmp_path / name
        shutil.copytree(PACKS / name, target)
        return target

    return copy
