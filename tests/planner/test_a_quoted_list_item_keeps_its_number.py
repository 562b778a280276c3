"""An answer quoting a numbered list quotes an item with its own number — never the next
item's number at the end of a sentence ("… 3."), nor a number alone — both where the
knowledge tool cuts its excerpt and where the planner picks the sentences to quote."""

from __future__ import annotations

import re

import pytest

from agentweb.game.models import KnowledgeArticle
from tests.planner.kit import ask

# An invented server guide, its steps one a line and without full stops.
GUIDE = (
    "How to settle in on this server:\n"
    "1. Gather wood from the birch forest by spawn\n"
    "2. Claim a plot at the town hall with the golden shovel\n"
    "3. Mine stone in the public quarry north of spawn\n"
    "\n"
    "Ask a moderator if a step does not work."
)


@pytest.fixture
def guide(world):
    KnowledgeArticle.objects.create(key="settling-in", title="Settling in", body=GUIDE)


def test_the_step_asked_about_is_quoted_with_its_number(guide):
    asked = ask("how do I claim a plot at the town hall?")
    assert "2. Claim a plot at the town hall with the golden shovel" in asked.text, asked.text
    assert not re.search(r"\b\d+\.$", asked.text.rstrip()), "no answer ends on a list number"
