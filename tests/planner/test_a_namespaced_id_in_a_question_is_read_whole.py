"""An id a player writes (``minecraft:wither_skeleton``, ``create:andesite_alloy``,
``mymod:foo/bar_baz``) is one name, underscores and slashes included, in English and in
Chinese questions: never cut to ``minecraft:wither`` or ``mymod:foo``.

Facts: minecraft-data 1.20 entityLoot.json (a wither skeleton drops coal, bones and,
rarely, its skull; the wither drops nothing in the data); the Create: Grand Expanse book
(two quests ask for create:andesite_alloy)."""

from __future__ import annotations

from tests.planner.kit import ask


def _inputs(asked, tool: str) -> list[dict]:
    return [o.input for o in asked.rc.observations if o.tool == tool]


def test_a_chinese_question_about_a_wither_skeleton_s_id_gets_its_drops(world):
    asked = ask("minecraft:wither_skeleton 掉落物有哪些")
    assert [i["mob"] for i in _inputs(asked, "mob.drops")] == ["minecraft:wither_skeleton"]
    assert "凋灵骷髅" in asked.text and "煤炭" in asked.text and "骨头" in asked.text


def test_the_wither_s_own_id_is_the_wither(world):
    asked = ask("minecraft:wither 会掉什么")
    assert [i["mob"] for i in _inputs(asked, "mob.drops")] == ["minecraft:wither"]
    assert "煤炭" not in asked.text


def test_an_english_question_about_the_id_gets_the_same_drops(world):
    asked = ask("what does minecraft:wither_skeleton drop?")
    assert "Wither Skeleton drops" in asked.text and "Coal" in asked.text


def test_a_chinese_reverse_lookup_asks_for_the_whole_id(world):
    asked = ask("哪个任务需要 create:andesite_alloy")
    (query,) = _inputs(asked, "ftb.quest.query")
    assert query["requires_item"] == "create:andesite_alloy"
    assert "Durable Andesite" in asked.text and "More Andesite Alloy" in asked.text


def test_an_id_with_a_path_is_looked_up_whole_and_said_missing_whole(world):
    for question in ("mymod:foo/bar_baz 的配方", "mymod:foo/bar_baz recipe"):
        asked = ask(question)
        assert [i["item"] for i in _inputs(asked, "item.source")] == ["mymod:foo/bar_baz"]
        assert "mymod:foo/bar_baz" in asked.text


def test_several_ids_in_a_chinese_question_are_each_looked_up(world):
    asked = ask("minecraft:oak_boat和minecraft:stick怎么做")
    (lookup,) = _inputs(asked, "item.source")
    assert lookup["item"] == ["minecraft:oak_boat", "minecraft:stick"]
    assert "橡木木板" in asked.text


def test_an_id_the_data_lacks_is_said_missing_never_the_mob_inside_it(world):
    for question in (
        "what does mymod:wither_skeleton_king drop?",
        "mymod:wither_skeleton_king 掉什么",
    ):
        asked = ask(question)
        assert [i["mob"] for i in _inputs(asked, "mob.drops")] == ["mymod:wither_skeleton_king"]
        assert "mymod:wither_skeleton_king" in asked.text
        assert "Coal" not in asked.text and "煤炭" not in asked.text, "never its drops"
