"""Fixtures of datasets and experiments: the people of the root conftest, the viewer's
clients, scripted models, the shipped quest book in a committed database (experiments run
in the server's threads)."""

from __future__ import annotations

import pytest

from agentweb.game.demo import DEMO_BOOK, DEMO_PACK_DIR, MINECRAFT_DATA_DIR, MINECRAFT_VERSION
from agentweb.game.importers.ftbquests import import_ftbquests
from agentweb.game.importers.minecraft import import_minecraft_data
from tests.assistant.conftest import model, server  # noqa: F401
from tests.traces.conftest import client_for, fast_passwords  # noqa: F401

# A quest question the default policy answers, and one round cannot (it must look first).
QUEST_QUESTION = "what does the quest Kenetic Foundation need?"


@pytest.fixture
def quest_book():
    """The shipped minecraft data and quest book, committed (the test flushes them after)."""
    import_minecraft_data(MINECRAFT_DATA_DIR, MINECRAFT_VERSION)
    return import_ftbquests(DEMO_PACK_DIR, slug=DEMO_BOOK)
