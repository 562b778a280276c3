"""Which entities are mobs is read from the data, for vanilla and modded entities alike:
an entity is a mob when it has loot as a mob (drops in the entity loot, or a loot table
under ``entities/``), a spawn egg item (``<id>_spawn_egg``) or a quest's kill task. The
other entities the lang data names — the item on the ground, arrows, experience orbs,
boats, minecarts, paintings, display entities, markers — are linked by name for search,
and said to be no mob (``mob: false``), never a kill target.

Facts: minecraft-data 1.20 (entityLoot.json has drops for the zombie, none for the bat;
items.json has bat_spawn_egg and no egg for any entity that is no mob); the shipped
Create: Grand Expanse book (chapter_3_base_alpha.snbt, It's cold out there.: kill 5
thermal:blizz, an entity no lang file names)."""

from __future__ import annotations

import pytest

from agentweb.game.importers.pack import import_pack
from agentweb.game.mentions import is_mob, mentions, mobs_named
from agentweb.game.mobs import mob_ids

from .packs import build_instance, neoforge_mod, vanilla_items

NO_MOBS = [
    "minecraft:item",
    "minecraft:arrow",
    "minecraft:experience_orb",
    "minecraft:boat",
    "minecraft:minecart",
    "minecraft:falling_block",
    "minecraft:painting",
    "minecraft:item_frame",
    "minecraft:lightning_bolt",
    "minecraft:area_effect_cloud",
    "minecraft:snowball",
    "minecraft:item_display",
    "minecraft:marker",
]


def test_vanilla_mobs_are_mobs_and_the_other_entities_are_not(world):
    mobs = mob_ids()
    # Drops; a spawn egg and no drops (the bat, the allay).
    assert {"minecraft:zombie", "minecraft:bat", "minecraft:allay"} <= mobs
    assert not set(NO_MOBS) & mobs
    assert all(is_mob(m) for m in ("minecraft:zombie", "minecraft:bat"))
    assert not any(is_mob(e) for e in NO_MOBS)


def test_a_modded_mob_a_quest_asks_to_kill_is_a_mob_named_by_its_id(world):
    assert "thermal:blizz" in mob_ids()
    (blizz,) = [m for m in mentions("which quests make me kill a blizz?") if m["kind"] == "entity"]
    assert (blizz["id"], blizz["name"], blizz["mob"]) == ("thermal:blizz", "Blizz", True)
    assert mobs_named("blizzes") == ["thermal:blizz"]


@pytest.mark.parametrize(
    ("question", "entity"),
    [
        ("which quests have item tasks", "minecraft:item"),
        ("我的船为什么沉了？", "minecraft:boat"),
        ("what does an arrow do", "minecraft:arrow"),
    ],
)
def test_an_entity_that_is_no_mob_is_linked_as_no_mob(world, question, entity):
    linked = {m["id"]: m for m in mentions(question) if m["kind"] == "entity"}
    assert linked[entity]["mob"] is False
    assert mobs_named(linked[entity]["text"]) == []


def test_a_mob_is_linked_as_a_mob_in_either_language(world):
    for question in ("what does a zombie drop?", "僵尸会掉什么"):
        (zombie,) = [m for m in mentions(question) if m["kind"] == "entity"]
        assert (zombie["id"], zombie["mob"]) == ("minecraft:zombie", True)


FROSTMOD = {
    "META-INF/neoforge.mods.toml": neoforge_mod("frostmod", "Frost Mod"),
    # A mob that drops nothing still has its loot table; a mob with a spawn egg only.
    "data/frostmod/loot_tables/entities/wisp.json": {"type": "minecraft:entity", "pools": []},
    "assets/frostmod/lang/en_us.json": {
        "entity.frostmod.wisp": "Frost Wisp",
        "entity.frostmod.crab": "Rock Crab",
        "item.frostmod.crab_spawn_egg": "Rock Crab Spawn Egg",
        # A ridden thing and a thrown one: entities, no mobs.
        "entity.frostmod.sled": "Snow Sled",
        "entity.frostmod.ice_shard": "Ice Shard",
    },
    "assets/frostmod/lang/zh_cn.json": {
        "entity.frostmod.wisp": "冰霜幽灵",
        "entity.frostmod.sled": "雪橇",
    },
}


def test_a_pack_s_entities_are_mobs_by_their_loot_table_or_spawn_egg(tmp_path, db):
    vanilla_items()
    import_pack(build_instance(tmp_path / "srv", extra={"mods/frostmod-1.0.jar": FROSTMOD}))
    mobs = mob_ids()
    assert {"frostmod:wisp", "frostmod:crab"} <= mobs
    assert not {"frostmod:sled", "frostmod:ice_shard"} & mobs
    assert mobs_named("frost wisps") == ["frostmod:wisp"]
    assert mobs_named("冰霜幽灵") == ["frostmod:wisp"]
    assert mobs_named("rock crab") == ["frostmod:crab"]
    assert mobs_named("snow sled") == [] and mobs_named("雪橇") == []
    (sled,) = [m for m in mentions("how fast is a snow sled?") if m["kind"] == "entity"]
    assert (sled["id"], sled["mob"]) == ("frostmod:sled", False)
