"""A Chinese name of one character (船 the Boat, 猫 the Cat, 弓 the Bow: the game's own
zh_cn names) is linked where it stands as a word of its own — between particles, verbs of
asking or punctuation — and never inside a longer word (线 in 线缆, 钟 in 旧钟). So a
Chinese question about an English-only passage finds it by the thing's English name."""

from __future__ import annotations

import pytest

from agentweb.game.mentions import mentions
from agentweb.llm.offline import OfflinePlanner
from tests.planner.kit import run_with


def _linked(question: str) -> set[tuple[str, str]]:
    return {(m["kind"], m["name"]) for m in mentions(question)}


@pytest.mark.parametrize(
    ("question", "thing"),
    [
        ("我的船为什么沉了？", ("entity", "Boat")),
        ("猫怎么驯服？", ("entity", "Cat")),
        ("一把弓要几根线？", ("item", "Bow")),
    ],
)
def test_a_one_character_name_standing_alone_is_linked(world, question, thing):
    assert thing in _linked(question)


@pytest.mark.parametrize(
    ("question", "thing"),
    [
        ("普通线缆能带多少个频道？", ("item", "String")),
        ("怎样才能让旧钟不再响？", ("item", "Bell")),
        ("船长去哪了？", ("entity", "Boat")),
    ],
)
def test_a_character_inside_a_longer_word_is_not(world, question, thing):
    assert thing not in _linked(question)


def test_a_chinese_question_finds_the_english_passage_by_it(saltmarsh):
    # saltmarsh-reach lang/en_us.snbt, Washed Ashore: "Your boat broke apart on the reef …"
    outcome = run_with(OfflinePlanner(), "开局时我的船为什么沉了？")
    assert "reef" in outcome.text, outcome.text
    assert "英文" in outcome.text  # quoted as English, not translated
