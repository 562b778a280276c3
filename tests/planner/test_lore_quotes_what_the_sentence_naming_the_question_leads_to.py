"""A lore question is answered with the sentence that names what it asks about and the
one after it, which says why or what became of it: "There are no villages on this coast
anymore." alone restates the question; "the drowned took them" answers it."""

from __future__ import annotations

import pytest

from agentweb.llm.offline import OfflinePlanner
from tests.planner.kit import run_with


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # saltmarsh-reach lang/en_us.snbt, Shell Collector's description
        ("how come the coast has no villages left?", "the drowned took them"),
        # The Keeper's Log's description
        ("what became of the keeper of the lighthouse?", "followed green lights into the bay"),
    ],
)
def test_the_sentence_after_the_one_naming_the_question_is_quoted(saltmarsh, question, answer):
    outcome = run_with(OfflinePlanner(), question)
    assert answer in outcome.text, outcome.text


def test_a_chinese_question_on_a_chinese_passage_too(frostbell):
    # frostbell-hollow lang/zh_cn.snbt, 第一个夜晚: 每到半夜，矿井里的钟就会自己响起来。
    # 钟声会把附近的僵尸全都引到营地来。
    outcome = run_with(OfflinePlanner(), "矿井里的钟半夜自己响起来会怎样？")
    assert "僵尸" in outcome.text, outcome.text
