"""What a mob drops, asked the other way round from where an item comes from ("what does a
zombie drop", "僵尸掉落什么？", "苦力怕会掉什么", "骷髅的掉落物有哪些"): the planner reads
the mob as the subject of "drop" and calls ``mob.drops``; the answer and the card (live
and after a reload) name the drops in the player's language. A mob the data does not have
is said so, with the near mobs offered — never an item's facts. "What drops rotten flesh"
still asks where the item comes from.

Facts from minecraft-data 1.20 entityLoot.json: a zombie drops rotten flesh and, only when
a player kills it, rarely an iron ingot, a carrot or a potato; a creeper gunpowder; a
skeleton arrows and bones; a spider string and, killed by a player, spider eyes."""

from __future__ import annotations

import pytest

from tests.fakes.model_server import FakeModelServer
from tests.planner.cards import ENGLISH_WORD, card_html, stored_page
from tests.planner.kit import ask, run_scripted
from tests.replies import answer, route, tool


def _mob(asked) -> str:
    assert asked.tools == ["mob.drops"], (asked.tools, asked.text)
    return asked.rc.observations[0].input["mob"]


@pytest.mark.parametrize(
    "question",
    [
        "what does a zombie drop?",
        "What do zombies drop",
        "zombie drops?",
        "what can I get from killing a zombie",
        "what's the loot from a zombie?",
    ],
)
def test_english_phrasings_get_the_zombie_s_drops(world, question):
    asked = ask(question)
    assert _mob(asked) == "minecraft:zombie"
    assert "Rotten Flesh" in asked.text and "Iron Ingot" in asked.text
    assert "only when a player kills it" in asked.text
    assert "could not find" not in asked.text and "Zombie Head" not in asked.text


@pytest.mark.parametrize(
    ("question", "mob", "facts"),
    [
        ("僵尸掉落什么？", "minecraft:zombie", ["腐肉", "铁锭", "仅限玩家击杀"]),
        ("苦力怕会掉什么", "minecraft:creeper", ["火药"]),
        ("骷髅掉落物有哪些", "minecraft:skeleton", ["箭", "骨头"]),
        ("蜘蛛的掉落物是什么？", "minecraft:spider", ["线", "蜘蛛眼"]),
        ("杀一只苦力怕能得到什么", "minecraft:creeper", ["火药"]),
    ],
)
def test_chinese_phrasings_get_the_drops_in_chinese(world, question, mob, facts):
    asked = ask(question)
    assert _mob(asked) == mob
    for fact in facts:
        assert fact in asked.text, (fact, asked.text)
    assert not ENGLISH_WORD.search(asked.text), asked.text


def test_the_card_is_in_the_player_s_language_live_and_after_a_reload(world, alice):
    question = "僵尸会掉什么？"
    asked = ask(question)
    (card,) = asked.live_cards
    assert card == asked.result.cards[0]
    assert card["kind"] == "mob_drops" and card["title"] == "僵尸的掉落物"
    assert card["items"][0] == "腐肉（每次 1 个）"
    shown = card_html(stored_page(alice, question, asked.text, asked.result.cards), "mob_drops")
    assert "僵尸的掉落物" in shown and "腐肉" in shown and "仅限玩家击杀" in shown
    assert "Rotten Flesh" not in shown


@pytest.mark.parametrize(
    ("question", "asked_for", "offered"),
    [
        ("what does a wither storm drop?", "wither storm", "Wither"),
        ("凋灵风暴掉落什么？", "凋灵风暴", "凋灵"),
    ],
)
def test_a_mob_the_data_lacks_is_said_so_with_near_mobs(world, question, asked_for, offered):
    asked = ask(question)
    assert _mob(asked) == asked_for
    assert asked_for in asked.text and offered in asked.text
    assert "Nether Star" not in asked.text and "下界之星" not in asked.text
    assert asked.result.cards == []


def test_what_drops_an_item_still_asks_where_the_item_comes_from(world):
    asked = ask("what drops rotten flesh?")
    assert asked.tools == ["item.source"]
    assert "Zombie" in asked.text


def test_the_question_is_routed_to_the_reasoning_workflow(world):
    from agentweb.llm.offline import OfflinePlanner
    from tests.planner.kit import run_with

    run = run_with(OfflinePlanner(), "僵尸掉落什么？")
    assert run.workflow == "system:reasoning"
    assert "腐肉" in run.text


def test_a_real_model_calls_the_tool_by_the_mob_s_chinese_name(world):
    replies = [
        route("system:reasoning"),
        tool("mob.drops", mob="苦力怕"),
        answer("苦力怕掉落火药。", [1]),
    ]
    with FakeModelServer(replies) as model:
        run_scripted(model.url, "苦力怕会掉什么")
    (seen,) = model.user_payloads()[2]["observations"]
    assert seen["result"]["mob"] == "Creeper"
    assert [d["item"] for d in seen["result"]["drops"]] == ["Gunpowder"]
    assert model.user_payloads()[2]["names"]["Gunpowder"] == "火药"
