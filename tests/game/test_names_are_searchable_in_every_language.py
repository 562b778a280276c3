"""The name index: things found by their name in any language (Chinese too), and named
in the asker's language, else English, else whatever the data has."""

import pytest

from agentweb.game.importers.names import sync_names
from agentweb.game.models import GameName, NameOrigin
from agentweb.game.search.game_names import (
    game_language,
    localized_names,
    names_matching,
)

pytestmark = pytest.mark.django_db

PACK_NAMES = {
    ("item", "create:andesite_alloy", "en_us"): "Andesite Alloy",
    ("item", "create:andesite_alloy", "zh_cn"): "安山合金",
    ("item", "create:andesite_casing", "zh_cn"): "安山机壳",
    ("item", "minecraft:piston", "zh_cn"): "活塞",
    ("item", "minecraft:sticky_piston", "zh_cn"): "粘性活塞",
    ("item", "minecraft:red_bed", "zh_cn"): "红色的床",
    ("item", "create:brass_ingot", "ja_jp"): "真鍮インゴット",
    ("station", "create:mixing", "zh_cn"): "搅拌",
    ("quest", "demo/0000000000000A01", "zh_cn"): "安山合金时代",
}


@pytest.fixture
def names():
    sync_names(
        NameOrigin.MINECRAFT_DATA,
        {
            ("item", "minecraft:piston", "en_us"): "Piston",
            ("item", "minecraft:sticky_piston", "en_us"): "Sticky Piston",
            ("item", "minecraft:red_bed", "en_us"): "Red Bed",
        },
    )
    sync_names(NameOrigin.PACK, PACK_NAMES)


def found(text, **kw):
    return [(m.kind, m.key, m.language, m.how) for m in names_matching(text, **kw)]


def test_a_chinese_name_finds_its_item_exactly(names):
    assert found("安山合金")[0] == ("item", "create:andesite_alloy", "zh_cn", "exact")


def test_a_two_character_name_is_matched_whole_before_longer_names(names):
    matches = found("活塞")
    assert matches[0] == ("item", "minecraft:piston", "zh_cn", "exact")
    assert ("item", "minecraft:sticky_piston", "zh_cn", "contains") not in matches


def test_names_starting_with_the_text_follow_the_exact_ones(names):
    matches = found("安山", kinds=["item"])
    assert {m[1] for m in matches} == {"create:andesite_alloy", "create:andesite_casing"}
    assert {m[3] for m in matches} == {"prefix"}


def test_a_chinese_substring_is_found_by_the_trigram_index(names):
    assert ("item", "minecraft:red_bed", "zh_cn", "contains") in found("色的床")
    assert ("item", "minecraft:sticky_piston", "zh_cn", "contains") in found("性活塞")


def test_english_names_are_found_in_any_case(names):
    assert found("STICKY piston")[0] == ("item", "minecraft:sticky_piston", "en_us", "exact")
    assert ("item", "minecraft:sticky_piston", "en_us", "contains") in found("icky pis")


def test_kinds_and_languages_narrow_the_search(names):
    quest = ("quest", "demo/0000000000000A01", "zh_cn", "prefix")
    assert found("安山合金", kinds=["quest"]) == [quest]
    assert found("piston", languages=["zh-hans"]) == []
    assert found("真鍮", languages=["ja_jp"])[0][1] == "create:brass_ingot"


def test_text_that_names_nothing_finds_nothing(names):
    assert found("zzqx") == []
    assert found("   ") == []
    assert found('"安山" OR *') == []


def test_a_thing_named_by_two_imports_is_found_once_per_language(names):
    sync_names(NameOrigin.MINECRAFT_DATA, {("item", "create:andesite_alloy", "en_us"): "Alloy"})
    matches = names_matching("andesite alloy", kinds=["item"])
    assert [(m.key, m.language, m.text) for m in matches] == [
        ("create:andesite_alloy", "en_us", "Andesite Alloy")
    ]


def test_names_come_in_the_asked_language_then_english_then_any(names):
    got = localized_names(
        "item",
        ["create:andesite_alloy", "minecraft:piston", "create:brass_ingot", "create:unknown"],
        "zh-hans",
    )
    assert got == {
        "create:andesite_alloy": "安山合金",
        "minecraft:piston": "活塞",
        "create:brass_ingot": "真鍮インゴット",
    }
    english = localized_names("item", ["create:andesite_alloy", "minecraft:piston"], "en")
    assert english == {"create:andesite_alloy": "Andesite Alloy", "minecraft:piston": "Piston"}


def test_the_pack_s_name_wins_over_the_shipped_data(names):
    sync_names(NameOrigin.PACK, {**PACK_NAMES, ("item", "minecraft:piston", "en_us"): "Pusher"})
    assert localized_names("item", ["minecraft:piston"], "en_us") == {"minecraft:piston": "Pusher"}


def test_resyncing_the_same_names_writes_nothing(names):
    before = dict(GameName.objects.values_list("pk", "text"))
    counts = sync_names(NameOrigin.PACK, PACK_NAMES)
    assert not counts.changed
    assert dict(GameName.objects.values_list("pk", "text")) == before


def test_a_renamed_thing_is_found_by_its_new_name_only(names):
    renamed = {**PACK_NAMES, ("item", "create:andesite_alloy", "zh_cn"): "安山岩合金"}
    counts = sync_names(NameOrigin.PACK, renamed)
    assert (counts.updated, counts.created, counts.deleted) == (1, 0, 0)
    assert found("安山岩合金")[0][1] == "create:andesite_alloy"
    assert not [m for m in found("安山合金") if m[1] == "create:andesite_alloy"]


@pytest.mark.parametrize(
    ("code", "game"),
    [("zh-hans", "zh_cn"), ("zh_CN", "zh_cn"), ("en", "en_us"), ("", "en_us"), ("ja_jp", "ja_jp")],
)
def test_page_languages_become_game_languages(code, game):
    assert game_language(code) == game


def test_many_names_at_once_rebuild_the_trigram_index_in_one_pass(db, monkeypatch):
    from django.db import connection

    from agentweb.game.search import name_index

    monkeypatch.setattr(name_index, "REBUILD_FROM", 0)
    sync_names(NameOrigin.PACK, PACK_NAMES)
    assert ("item", "minecraft:red_bed", "zh_cn", "contains") in found("色的床")
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute(
                "INSERT INTO game_name_fts(game_name_fts, rank) VALUES ('integrity-check', 1)"
            )
            cursor.execute("SELECT count(*) FROM sqlite_master WHERE name = 'game_name_fts_insert'")
            assert cursor.fetchone()[0] == 1
    sync_names(NameOrigin.PACK, {**PACK_NAMES, ("item", "x:y", "en_us"): "Late Name"})
    assert found("late name")[0][1] == "x:y"  # the trigger is back
