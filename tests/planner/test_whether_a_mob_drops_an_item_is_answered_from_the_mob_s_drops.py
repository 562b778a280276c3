"""Whether a mob drops an item ("do zombies drop iron ingots?", "僵尸会掉铁锭吗") is answered
from that mob's drops, not from the item's sources: yes, with the drop's chance and
conditions, when the data has it; otherwise that the data lists no such drop, and what the
mob does drop — in the player's language, every sentence.

Facts from minecraft-data 1.20 entityLoot.json: a zombie drops rotten flesh and, only when
a player kills it, an iron ingot (chance 0.8%); a skeleton drops arrows and bones (no bow);
a creeper drops gunpowder."""

from __future__ import annotations

import pytest

from tests.fakes.model_server import FakeModelServer
from tests.planner.cards import ENGLISH_WORD
from tests.planner.kit import ask, run_scripted
from tests.replies import answer, route, tool


def _asked(asked) -> tuple[str, str | None]:
    assert asked.tools == ["mob.drops"], (asked.tools, asked.text)
    given = asked.rc.observations[0].input
    return given["mob"], given.get("item")


@pytest.mark.parametrize(
    "question",
    [
        "do zombies drop iron ingots?",
        "does a zombie ever drop an iron ingot",
        "can I get iron ingots from zombies?",
        "is iron ingot dropped by zombies?",
    ],
)
def test_yes_with_the_chance_and_the_condition_in_english(world, question):
    asked = ask(question)
    assert _asked(asked) == ("minecraft:zombie", "minecraft:iron_ingot")
    assert asked.text.startswith("Yes"), asked.text
    assert "0.8%" in asked.text and "only when a player kills it" in asked.text
    # The zombie's drop, not the item's sources.
    for other in ("Iron Golem", "Husk", "Iron Nugget", "furnace", "Rotten Flesh"):
        assert other not in asked.text, (other, asked.text)


@pytest.mark.parametrize(
    "question",
    ["僵尸会掉铁锭吗", "僵尸会不会掉铁锭？", "杀僵尸能得到铁锭吗", "铁锭是僵尸掉的吗"],
)
def test_yes_with_the_chance_and_the_condition_in_chinese(world, question):
    asked = ask(question)
    assert _asked(asked) == ("minecraft:zombie", "minecraft:iron_ingot")
    assert asked.text.startswith("会"), asked.text
    assert "0.8%" in asked.text and "仅限玩家击杀" in asked.text
    assert "铁傀儡" not in asked.text and "熔炉" not in asked.text and "铁粒" not in asked.text
    assert not ENGLISH_WORD.search(asked.text), asked.text


def test_no_with_what_the_mob_does_drop_in_english(world):
    asked = ask("can a skeleton drop a bow")
    assert _asked(asked) == ("minecraft:skeleton", "minecraft:bow")
    assert "The data lists no Bow among the drops of Skeleton" in asked.text
    assert "Arrow" in asked.text and "Bone" in asked.text
    assert not asked.text.startswith("Yes") and "Quests that give" not in asked.text


def test_no_with_what_the_mob_does_drop_in_chinese(world):
    asked = ask("骷髅会掉弓吗？")
    assert _asked(asked) == ("minecraft:skeleton", "minecraft:bow")
    assert "数据中骷髅的掉落物里没有弓" in asked.text
    assert "箭" in asked.text and "骨头" in asked.text
    assert not ENGLISH_WORD.search(asked.text), asked.text


@pytest.mark.parametrize(
    ("question", "mob", "item", "yes"),
    [
        ("苦力怕掉不掉火药", "minecraft:creeper", "minecraft:gunpowder", "会"),
        ("is gunpowder a creeper drop?", "minecraft:creeper", "minecraft:gunpowder", "Yes"),
        ("can you get string from spiders", "minecraft:spider", "minecraft:string", "Yes"),
        (
            "what are the chances a zombie drops a potato",
            "minecraft:zombie",
            "minecraft:potato",
            "Yes",
        ),
        ("僵尸的掉落物里有胡萝卜吗", "minecraft:zombie", "minecraft:carrot", "会"),
        ("僵尸掉铁锭的概率是多少", "minecraft:zombie", "minecraft:iron_ingot", "会"),
    ],
)
def test_other_mobs_items_and_phrasings(world, question, mob, item, yes):
    asked = ask(question)
    assert _asked(asked) == (mob, item)
    assert asked.text.startswith(yes), asked.text


def test_what_a_mob_drops_and_what_drops_an_item_are_asked_as_before(world):
    assert _asked(ask("what does a zombie drop?")) == ("minecraft:zombie", None)
    assert ask("which mobs drop rotten flesh?").tools == ["item.source"]


def test_a_real_model_asks_the_tool_by_names_in_either_language(world):
    replies = [
        route("system:reasoning"),
        tool("mob.drops", mob="僵尸", item="铁锭"),
        answer("会，僵尸会掉铁锭。", [1]),
    ]
    with FakeModelServer(replies) as model:
        run_scripted(model.url, "僵尸会掉铁锭吗")
    (seen,) = model.user_payloads()[2]["observations"]
    result = seen["result"]
    assert (result["mob"], result["item"], result["drops_item"]) == ("Zombie", "Iron Ingot", True)
    assert result["item_drop"]["chance"] == pytest.approx(0.0083, abs=1e-4)
    assert "only when a player kills it" in result["item_drop"]["conditions"]


def test_an_item_the_data_lacks_is_said_so_with_the_mob_s_drops(world):
    replies = [
        route("system:reasoning"),
        tool("mob.drops", mob="zombie", item="andesite alloy"),
        answer("No.", [1]),
    ]
    with FakeModelServer(replies) as model:
        run_scripted(model.url, "do zombies drop andesite alloy?")
    (seen,) = model.user_payloads()[2]["observations"]
    result = seen["result"]
    assert result["item_found"] is False and "drops_item" not in result
    assert "Rotten Flesh" in [d["item"] for d in result["drops"]]
