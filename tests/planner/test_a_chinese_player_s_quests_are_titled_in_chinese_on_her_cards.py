"""A Chinese player's own quests are titled as her answers title them — by the book's
zh_cn titles — on the profile card of ``player.info`` (and in its answer) and on the
``/tasks`` card; an English question keeps the book's English titles.

Facts from the Frostbell Hollow fixture: 矿工的午餐 (Miner's Lunch) and 云杉小屋 (Spruce
Cabin) are quests of 初雪营地 (First Snow Camp)."""

from __future__ import annotations

import pytest
from django.utils import translation

from agentweb.core.commands import run_direct
from agentweb.game.models import PlayerProfile, Quest, QuestProgress, QuestStatus
from tests.game.tool_kit import make_player
from tests.planner.kit import ask


@pytest.fixture
def alice(frostbell):
    user = make_player("alice")
    profile = PlayerProfile.objects.get(user=user)
    for title, status in (
        ("Miner's Lunch", QuestStatus.COMPLETED),
        ("Spruce Cabin", QuestStatus.IN_PROGRESS),
    ):
        quest = Quest.objects.get(title=title)
        QuestProgress.objects.create(profile=profile, quest=quest, status=status)
    return user


def test_the_profile_card_and_its_answer_title_her_quests_in_chinese(alice):
    asked = ask("我的任务进度怎么样？", user=alice)
    (card,) = asked.live_cards
    assert {(q["title"], q["chapter"]) for q in card["quests"]} == {
        ("矿工的午餐", "初雪营地"),
        ("云杉小屋", "初雪营地"),
    }
    assert "已完成的任务：矿工的午餐" in asked.text and "Miner's Lunch" not in asked.text


def test_the_tasks_card_titles_them_in_chinese(alice):
    with translation.override("zh-hans"):
        result = run_direct("/tasks", alice)
    (card,) = result.cards
    assert [q["title"] for q in card["in_progress"]] == ["云杉小屋"]
    assert [q["title"] for q in card["completed"]] == ["矿工的午餐"]
    assert "进行中：云杉小屋" in result.text


def test_an_english_question_keeps_the_english_titles(alice):
    (card,) = ask("how am I doing with my quests?", user=alice).result.cards
    assert {q["title"] for q in card["quests"]} == {"Miner's Lunch", "Spruce Cabin"}
