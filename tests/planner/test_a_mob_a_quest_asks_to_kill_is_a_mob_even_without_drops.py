"""A mob a quest asks to kill is a mob, though no lang file names it and no loot table
gives it drops (a modded mob the quest book names by id): it is linked by the name its id
gives, its drops are said honestly to be none in the data — with the quests that ask to
kill it — and the quests that kill it are listed, in English and in Chinese. No mob of a
close name (the Blaze) is offered for it.

Facts: the shipped Create: Grand Expanse book, chapter_3_base_alpha.snbt, It's cold out
there. (19BE0651B2B13F1F): kill 5 thermal:blizz; no data names the entity or its drops."""

from __future__ import annotations

import pytest

from tests.planner.kit import ask

QUEST = "It's cold out there."


@pytest.mark.parametrize(
    ("question", "none"),
    [
        ("what does a blizz drop?", "The data lists no drops for Blizz."),
        ("what do blizzes drop", "The data lists no drops for Blizz."),
        ("Blizz会掉什么？", "数据中没有Blizz的掉落物。"),
    ],
)
def test_its_drops_are_none_in_the_data_with_the_quests_that_kill_it(world, question, none):
    asked = ask(question)
    assert asked.tools == ["mob.drops"], asked.tools
    assert asked.rc.observations[0].input["mob"] == "thermal:blizz"
    assert none in asked.text and QUEST in asked.text, asked.text
    assert "Blaze" not in asked.text and "烈焰人" not in asked.text


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("which quests make me kill a blizz?", "Quests that ask you to kill Blizz"),
        ("哪些任务要击杀Blizz？", "要求击杀Blizz的任务"),
    ],
)
def test_the_quests_that_kill_it_are_listed(world, question, said):
    asked = ask(question)
    assert asked.tools == ["ftb.quest.query"], asked.tools
    assert asked.rc.observations[0].input["kills"] == "thermal:blizz"
    assert said in asked.text and QUEST in asked.text, asked.text


def test_whether_it_drops_an_item_is_answered_from_its_drops(world):
    asked = ask("do blizzes drop blaze rods?")
    assert asked.tools == ["mob.drops"], asked.tools
    assert "The data lists no Blaze Rod among the drops of Blizz" in asked.text
    assert "dropped by the mob Blaze" not in asked.text
