"""Quests by the kind of a task or reward, no thing named ("which quests have kill tasks",
"哪些任务奖励经验等级？"): the kind is read from the question, the quests are listed by
``ftb.quest.query`` with ``task_type`` / ``reward_type`` and counted, limited to the
chapter or book named — English and Chinese, several phrasings."""

from __future__ import annotations

import pytest

from tests.planner.kit import ask


def _query(asked) -> dict:
    assert asked.tools == ["ftb.quest.query"], asked.tools
    return asked.rc.observations[0].input


@pytest.mark.parametrize(
    "question",
    [
        "which quests have kill tasks?",
        "Are there any quests where I have to kill mobs?",
        "list the quests with a kill task",
    ],
)
def test_quests_with_kill_tasks_in_english(saltmarsh, question):
    asked = ask(question)
    assert _query(asked)["task_type"] == "kill"
    # lighthouse_keepers.snbt: The Keeper's Log, kill 3 minecraft:drowned; the shipped
    # book's "It's cold out there." kills 5 Blizz.
    assert "The Keeper's Log" in asked.text and "It's cold out there." in asked.text
    assert "2 quests in all" in asked.text


@pytest.mark.parametrize("question", ["哪些任务有击杀要求？", "有没有要打怪的任务"])
def test_quests_with_kill_tasks_in_chinese_counted(frostbell, question):
    asked = ask(question)
    assert _query(asked)["task_type"] == "kill"
    # bell_tower_mine 3, first_snow_camp 1 (第一个夜晚), frozen_altar 1 (流浪者), and the
    # shipped book's one.
    for title in ("钟声之夜", "第一个夜晚", "流浪者"):
        assert title in asked.text, asked.text
    assert "共 6 个任务" in asked.text


@pytest.mark.parametrize(
    "question",
    ["which quests give xp levels", "Any quests that reward experience levels?"],
)
def test_quests_that_give_xp_levels(saltmarsh, question):
    asked = ask(question)
    assert _query(asked)["reward_type"] == "xp_levels"
    # shoreline_camp: Shell Collector 3 levels; sunken_vault: Sunken Vault 10 levels.
    assert "Shell Collector" in asked.text and "Sunken Vault" in asked.text
    assert "2 quests" in asked.text
    assert "could not find" not in asked.text


def test_quests_that_give_xp_levels_in_chinese(frostbell):
    asked = ask("哪些任务奖励经验等级？")
    assert _query(asked)["reward_type"] == "xp_levels"
    for title in ("金色的钟", "霜钟", "矿工的镐"):
        assert title in asked.text, asked.text
    assert "共 4 个任务" in asked.text


@pytest.mark.parametrize("question", ["哪些任务奖励随机奖励？", "哪些任务的奖励是随机的"])
def test_quests_with_a_random_reward_in_chinese(frostbell, question):
    asked = ask(question)
    assert _query(asked)["reward_type"] == "random"
    assert "钟声之夜" in asked.text and "祭坛的钥匙" in asked.text
    assert "共 2 个" in asked.text


def test_quests_that_let_you_choose_a_reward(saltmarsh):
    asked = ask("which quests let me pick my reward from a choice?")
    assert _query(asked)["reward_type"] == "choice"
    assert "Campfire Cook" in asked.text


def test_a_checkmark_quest_list(saltmarsh):
    asked = ask("in Saltmarsh Reach, which quests are just a checkmark?")
    given = _query(asked)
    assert given["task_type"] == "checkmark" and given["book"] == "saltmarsh-reach"
    assert "Washed Ashore" in asked.text and "1 quest in all" in asked.text


def test_limited_to_the_chapter_named(saltmarsh):
    asked = ask("which quests in the Sunken Vault chapter give a random reward?")
    given = _query(asked)
    assert given["reward_type"] == "random" and given["chapter"] == "The Sunken Vault"
    assert "Vault Key" in asked.text and "Beacon Fuel" not in asked.text


def test_limited_to_the_chapter_named_in_chinese(frostbell):
    asked = ask("钟楼矿井里哪些任务奖励经验等级？")
    given = _query(asked)
    assert given["reward_type"] == "xp_levels" and given["chapter"]
    assert "金色的钟" in asked.text and "营火" not in asked.text


def test_a_random_reward_is_said_in_chinese(frostbell):
    asked = ask("哪些任务奖励随机奖励？")
    assert "奖励表「钟楼宝藏」（随机）" in asked.text and "random" not in asked.text


@pytest.mark.parametrize(
    "question", ["which quests give a Choice Chest?", "哪些任务奖励随机宝箱？"]
)
def test_a_name_around_a_kind_word_is_a_thing_not_the_kind(saltmarsh, question):
    asked = ask(question)
    given = asked.rc.observations[0].input if asked.rc.observations else {}
    assert not given.get("reward_type") and not given.get("task_type"), given
