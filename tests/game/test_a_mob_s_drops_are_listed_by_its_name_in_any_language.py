"""``mob.drops``: what a mob drops, the mob named in any imported language, by id, in the
plural or misspelled; a name that is no mob of the data is said so with the mobs of close
names, never an item's facts; bad input is refused.

Facts from minecraft-data 1.20 entityLoot.json: a zombie drops rotten flesh, and, only
when a player kills it, rarely an iron ingot, a carrot or a potato; a creeper drops
gunpowder; a skeleton arrows and bones. Chinese names as Minecraft's zh_cn has them."""

from __future__ import annotations

import pytest

from agentweb.engine import AgentError
from tests.game.tool_kit import call_tool


def _items(observation: dict) -> list[str]:
    return [d["item"] for d in observation["drops"]]


def test_a_zombie_s_drops_likeliest_first_with_their_conditions(world):
    out = call_tool("mob.drops", {"mob": "zombie"})
    seen = out.observation
    assert seen["mob"] == "Zombie" and seen["mob_id"] == "minecraft:zombie"
    assert _items(seen)[0] == "Rotten Flesh"
    assert {"Iron Ingot", "Carrot", "Potato"} <= set(_items(seen))
    iron = next(d for d in seen["drops"] if d["item"] == "Iron Ingot")
    assert iron["conditions"] == ["only when a player kills it"] and iron["chance"] < 0.05


@pytest.mark.parametrize("name", ["僵尸", "Zombies", "zombi", "minecraft:zombie"])
def test_the_mob_is_found_by_any_of_its_names(world, name):
    assert call_tool("mob.drops", {"mob": name}).observation["mob_id"] == "minecraft:zombie"


def test_a_chinese_run_s_card_names_the_mob_and_its_drops_in_chinese(world):
    out = call_tool("mob.drops", {"mob": "苦力怕", "language": "zh_cn"})
    assert out.card["kind"] == "mob_drops" and out.card["title"] == "苦力怕的掉落物"
    assert out.card["items"] == ["火药（每次 1 个）"]


def test_an_english_card_keeps_the_data_s_names(world):
    out = call_tool("mob.drops", {"mob": "skeleton"})
    assert out.card["title"] == "Drops of Skeleton"
    assert out.card["items"] == ["Arrow (1 at a time)", "Bone (1 at a time)"]


@pytest.mark.parametrize(("name", "near"), [("wither storm", "Wither"), ("凋灵风暴", "Wither")])
def test_a_name_that_is_no_mob_is_said_so_with_near_mobs(world, name, near):
    out = call_tool("mob.drops", {"mob": name})
    seen = out.observation
    assert seen["found"] is False and "drops" not in seen
    assert near in seen["candidates"]
    assert out.card is None


def test_an_item_s_name_is_no_mob(world):
    seen = call_tool("mob.drops", {"mob": "iron ingot"}).observation
    assert seen["found"] is False


@pytest.mark.parametrize(
    "given",
    [{"mob": ""}, {"mob": "   "}, {"mob": "x" * 101}, {"mob": "zombie", "player": "bob"}, {}],
)
def test_bad_input_is_refused_with_a_clear_error(world, given):
    with pytest.raises(AgentError):
        call_tool("mob.drops", given)
