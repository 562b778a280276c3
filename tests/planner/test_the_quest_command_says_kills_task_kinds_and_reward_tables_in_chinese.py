"""A Chinese ``/quest`` says every task and reward in Chinese, not only the items: a kill
task's mob by the game's Chinese name and its kind in Chinese words, a task titled in the
book's lang files by its Chinese title, an untitled task by its kind, a reward table by its
Chinese title and how it hands out — in the reply and on its card, live and after a
reload. English keeps the words it had.

Facts from the Frostbell Hollow fixture: 钟声之夜 / Night of the Bell asks to kill 20
zombies and gives a random pick of 钟楼宝藏; 第一个夜晚 / The First Night asks to kill 10
zombies, titled 击退僵尸 / Hold off the zombies; 石器时代 asks for an untitled advancement;
矿工的午餐 gives a choice from 补给箱 / Supply Crate. Mob names as Minecraft's zh_cn has
them (僵尸)."""

from __future__ import annotations

import re

from django.utils import translation

from agentweb.ftb.commands import quest_command
from tests.planner.cards import ENGLISH_WORD, card_html, stored_page

BELL_NIGHT = "3E534ABCA1A714DA"
FIRST_NIGHT = "3B8E67B5BE3872CB"
STONE_AGE = "3EF142F513F76CF0"
MINERS_LUNCH = "208BACB640067C55"


def _chinese(quest_id: str):
    with translation.override("zh-hans"):
        return quest_command(quest_id, None)


def test_a_kill_task_names_its_mob_and_kind_in_chinese(frostbell):
    text = _chinese(BELL_NIGHT).text
    assert "任务要求：20× 僵尸（击杀）。" in text, text
    assert "Zombie" not in text and "kill" not in text


def test_a_titled_kill_task_has_its_chinese_title_and_its_mob(frostbell):
    text = _chinese(FIRST_NIGHT).text
    assert "10× 击退僵尸（击杀：僵尸）" in text, text


def test_a_reward_table_says_its_chinese_title_and_how_it_hands_out(frostbell):
    assert "从奖励表「钟楼宝藏」中随机抽取 1 个" in _chinese(BELL_NIGHT).text
    lunch = _chinese(MINERS_LUNCH).text
    assert "从奖励表「补给箱」中任选 1 个" in lunch, lunch
    assert "choice" not in lunch and "Supply Crate" not in lunch


def test_an_untitled_task_is_said_by_its_kind_in_the_reply_and_on_the_card(frostbell, alice):
    answer = _chinese(STONE_AGE)
    assert "任务要求：完成进度。" in answer.text, answer.text
    (card,) = answer.cards
    assert [t["label"] for t in card["tasks"]] == ["完成进度"]
    shown = card_html(stored_page(alice, "/quest 石器时代", answer.text, answer.cards), "quest")
    assert "完成进度" in shown
    assert not ENGLISH_WORD.search(re.sub(r"<[^>]*>", "", shown.split(">", 1)[1]))


def test_english_keeps_the_data_s_words(frostbell):
    with translation.override("en"):
        bell = quest_command(BELL_NIGHT, None).text
        first = quest_command(FIRST_NIGHT, None).text
        stone = quest_command(STONE_AGE, None)
    assert "Tasks: 20× Zombie (kill). Rewards: random: 钟楼宝藏." in bell, bell
    assert "10× Hold off the zombies (kill: Zombie)" in first, first
    assert "Tasks: advancement." in stone.text
    assert [t["label"] for t in stone.cards[0]["tasks"]] == ["advancement"]
