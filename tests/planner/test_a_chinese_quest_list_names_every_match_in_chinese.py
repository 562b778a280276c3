"""A Chinese answer listing quests names everything it lists in Chinese: a quest titled
like a block (营火 / Campfire, whose block the data names in English only) by the book's
Chinese title, a kill task the book titles by its Chinese title, a reward table by its
Chinese title — in the answer and on the list's card. English keeps the data's words.

Facts from the Frostbell Hollow fixture: 初雪营地 / First Snow Camp has the quest 营火 /
Campfire; 第一个夜晚 / The First Night asks to kill 10 zombies, titled 击退僵尸 / Hold
off the zombies; 矿工的午餐 / Miner's Lunch gives a choice from 补给箱 / Supply Crate,
which holds torches."""

from __future__ import annotations

from tests.planner.kit import ask


def test_a_quest_titled_like_a_block_is_listed_by_its_chinese_title(frostbell):
    asked = ask("初雪营地有几个任务？")
    assert "营火" in asked.text and "Campfire" not in asked.text, asked.text
    (card,) = asked.live_cards
    assert "营火" in [q["title"] for q in card["quests"]]


def test_a_kill_task_s_chinese_title_is_listed(frostbell):
    asked = ask("哪些任务要求击杀僵尸？")
    assert "10× 击退僵尸（击杀 10× 僵尸）" in asked.text, asked.text
    assert "Hold off" not in asked.text


def test_a_reward_table_is_listed_by_its_chinese_title(frostbell):
    asked = ask("哪个任务奖励火把？")
    assert "奖励表「补给箱」（任选）" in asked.text, asked.text
    assert "Supply Crate" not in asked.text


def test_english_lists_keep_the_data_s_words(frostbell):
    assert "Campfire" in ask("How many quests are in the First Snow Camp chapter?").text
    zombies = ask("which quests make me kill zombies?").text
    assert "Hold off the zombies" in zombies, zombies
    assert "Supply Crate" in ask("which quests give torches?").text
