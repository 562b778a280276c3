"""An item the data gives no way to get (no recipe, cooking or drop) that a quest asks for:
the answer quotes what the quest's description says about it, the sentences that name it.

Fixture: ``fixtures/lore-cove`` (a quest book of its own: Reef Diver asks for a Heart of the
Sea, which minecraft-data neither crafts nor drops).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from agentweb.game.importers.ftbquests import import_ftbquests
from agentweb.llm.offline.passages import sentences_about
from tests.planner.kit import ask

COVE = Path(__file__).resolve().parent / "fixtures" / "lore-cove"
SAID = "divers pull them from the wrecks beyond the reef"


@pytest.fixture
def cove(world):
    return import_ftbquests(COVE, slug="lore-cove")


def test_an_english_question_gets_the_description_s_sentence_about_the_item(cove):
    asked = ask("Reef Diver needs a heart of the sea. can I craft one or where do I find it?")
    assert "Heart of the Sea" in asked.text
    assert SAID in asked.text
    assert "Bring one back" not in asked.text


def test_a_chinese_question_gets_it_too(cove):
    asked = ask("任务 Reef Diver 要的海洋之心怎么合成？去哪里找？")
    assert SAID in asked.text


def test_only_sentences_naming_the_thing_are_quoted():
    text = "The reef keeps what it takes. Divers find the Heart of the Sea in wrecks. Go."
    assert sentences_about(text, ["heart of the sea"], "where is it") == (
        "Divers find the Heart of the Sea in wrecks."
    )
    assert sentences_about(text, ["Trident"], "where is the heart of the sea") == ""
