""" "How many quests…" is a list of quests too, counted: by a kind of task scoped to the book
named, by an item they give, by a mob they ask to kill — and how many of that mob they ask
for together. A quest's kill task is what it asks when the question asks how many to kill,
beside its rewards. English and Chinese."""

from __future__ import annotations

from tests.planner.kit import ask

# bell_tower_mine.snbt, first_snow_camp.snbt, frozen_altar.snbt (frostbell-hollow): kill
# tasks in 5 quests — The First Night 10 zombies, 骨头与弓 6 skeletons, 蛛网密布 4 spiders,
# Night of the Bell 20 zombies, 流浪者 8 strays.


def test_how_many_quests_of_a_book_have_kill_tasks(frostbell, saltmarsh):
    asked = ask("how many quests in frostbell hollow have kill tasks")
    assert asked.tools == ["ftb.quest.query"]
    assert "That is 5 quests in all." in asked.text
    assert "The Keeper's Log" not in asked.text, "Saltmarsh's quest is of another book"


def test_in_chinese_how_many_quests_of_a_book_are_about_killing_monsters(frostbell, saltmarsh):
    asked = ask("霜钟谷有几个任务是要杀怪的")
    assert "共 5 个任务。" in asked.text
    assert "骨头与弓" in asked.text and "流浪者" in asked.text


def test_how_many_quests_give_an_item_is_counted(frostbell):
    asked = ask("how many quests give bread")
    assert "Miner's Lunch" in asked.text
    assert "quests in all." in asked.text


def test_how_many_of_a_mob_to_kill_in_all_adds_up_its_quests(frostbell):
    asked = ask("how many zombies do i have to kill in total")
    assert asked.tools == ["ftb.quest.query"]
    assert "That is 2 quests in all." in asked.text
    assert "Together they ask you to kill 30× Zombie." in asked.text


def test_in_chinese_how_many_of_a_mob_to_kill_in_all(frostbell):
    asked = ask("一共要杀多少只僵尸")
    assert "共 2 个任务。" in asked.text
    assert "这些任务一共要求击杀 30× 僵尸。" in asked.text


def test_in_chinese_how_many_to_kill_for_a_quest_beside_its_rewards(frostbell):
    asked = ask("骨头与弓要杀几只骷髅 给啥奖励")
    assert "击杀 6× 骷髅" in asked.text
    assert "1× 弓" in asked.text


def test_quests_that_make_you_kill_something_are_the_kill_tasks_not_an_item(frostbell):
    asked = ask("which quests make me kill something")
    assert asked.tools == ["ftb.quest.query"]
    assert "Night of the Bell" in asked.text and "item" not in asked.text


def test_in_chinese_quests_that_make_you_kill_anything(frostbell):
    asked = ask("哪些任务要杀东西")
    assert "有击杀任务的任务" in asked.text and "钟声之夜" in asked.text
