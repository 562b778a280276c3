"""A Chinese question may name a mob in English or by its id ("zombie 掉什么",
"Creeper会掉什么"): the name stands in as the question's own pronoun, so what is asked of
it is read as in a question naming it in Chinese — its drops, with the game's Chinese
names; a longer English phrase around a mob's name is looked up as written.

Facts: minecraft-data 1.20 entityLoot.json (a zombie drops rotten flesh; a creeper
gunpowder)."""

from __future__ import annotations

from tests.planner.kit import ask


def _mobs(asked) -> list[str]:
    return [o.input["mob"] for o in asked.rc.observations if o.tool == "mob.drops"]


def test_an_english_mob_name_in_a_chinese_question_gets_its_drops(world):
    asked = ask("zombie 掉什么")
    assert _mobs(asked) == ["minecraft:zombie"]
    assert "僵尸的掉落物" in asked.text and "腐肉" in asked.text


def test_a_capitalised_name_next_to_the_chinese_gets_its_drops(world):
    asked = ask("Creeper会掉什么东西")
    assert _mobs(asked) == ["minecraft:creeper"]
    assert "火药" in asked.text


def test_a_longer_english_phrase_around_a_mob_is_looked_up_as_written(world):
    asked = ask("wither storm 掉落什么")
    assert "凋灵的掉落物" not in asked.text and "下界之星" not in asked.text
