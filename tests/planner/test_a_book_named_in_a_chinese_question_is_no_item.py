"""A Chinese question that names a book, chapter or group in Latin letters ("Saltmarsh
Reach 里…") asks about it, not about an item of that name: it goes to the knowledge base,
and the answer never says there is no item called so."""

from __future__ import annotations

import pytest

from agentweb.llm.offline import OfflinePlanner
from tests.planner.kit import run_with


@pytest.mark.parametrize(
    "question", ["Saltmarsh Reach 的故事是怎么开始的？", "Saltmarsh Reach 的海边有什么传说？"]
)
def test_the_question_goes_to_the_knowledge_base(saltmarsh, question):
    outcome = run_with(OfflinePlanner(), question)
    assert outcome.workflow == "system:question", (outcome.workflow, outcome.text)
    assert "找不到名为" not in outcome.text, outcome.text


def test_an_item_named_in_latin_letters_is_still_an_item(saltmarsh):
    outcome = run_with(OfflinePlanner(), "Sea Lantern 怎么合成？")
    assert outcome.workflow == "system:reasoning", outcome.workflow
