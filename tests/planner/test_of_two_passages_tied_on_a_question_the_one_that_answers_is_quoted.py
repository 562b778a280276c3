"""A lore question whose telling words two passages share equally is answered from the
one whose sentence answers it, through the real workflow and the offline planner —
English and Chinese, in words no benchmark question uses."""

from __future__ import annotations

import pytest

from agentweb.game.models import KnowledgeArticle
from agentweb.llm.offline import OfflinePlanner
from tests.planner.kit import run_with


@pytest.fixture
def mills(world):
    for key, title, body in (
        ("sails", "Windmills", "Sails turn fast!\n\nThe new sails reach 32 RPM."),
        (
            "grinder",
            "Grinding",
            "Place the grinder under a press to crush ore.\n\n"
            "Be careful: a grinder can only turn at 16 RPM at most.",
        ),
        ("lamp-night", "守夜", "每到半夜，塔上的灯就会自己亮起来。"),
        ("lamp-new", "新灯", "把新灯挂上塔顶，旧灯就不会再在午夜亮了。"),
    ):
        KnowledgeArticle.objects.create(key=key, source="manual", title=title, body=body)


def test_the_english_answer_quotes_the_passage_that_answers(mills):
    outcome = run_with(OfflinePlanner(), "how fast can a grinder turn?")
    assert "16 RPM" in outcome.text, outcome.text
    assert "32 RPM" not in outcome.text


def test_the_chinese_answer_too(mills):
    outcome = run_with(OfflinePlanner(), "怎样才能让旧灯半夜不再亮？")
    assert "把新灯挂上塔顶" in outcome.text, outcome.text
