"""``import_pack`` and the name index on PostgreSQL (pg_trgm): the demo mod seeded by
``seed_demo``, a fixture pack imported and imported again, Chinese names found."""

from __future__ import annotations

import json

import pytest

from tests.scale.stack import manage, stack_env

pytestmark = pytest.mark.scale

PROBE = "from tests.scale.pack_probe import main; main()"


@pytest.fixture(scope="module")
def probe(scale_db, scale_urls, model_server) -> dict:
    env = stack_env(scale_db[0], scale_urls[1], model_server.url)
    out = manage(env, "shell", "-c", PROBE)
    return json.loads(out.split("PACK=", 1)[1].strip())


def test_it_runs_on_postgresql(probe):
    assert probe["vendor"] == "postgresql"


def test_the_demo_mod_s_chinese_names_are_found_exactly_by_prefix_and_inside(probe):
    demo = probe["demo"]
    assert demo["exact_zh"] == [["item", "hearthworks:copper_gear", "zh_cn", "exact"]]
    assert ["item", "hearthworks:verdigris", "zh_cn", "exact"] in demo["prefix_zh"]
    assert ["item", "hearthworks:verdant_ore", "zh_cn", "prefix"] in demo["prefix_zh"]
    assert demo["contains_en"] == [["item", "hearthworks:copper_gear", "en_us", "contains"]]
    assert demo["localized"] == {"hearthworks:kiln_firing": "窑烧"}
    assert demo["gear"] == {
        "item": "hearthworks:copper_gear",
        "made_in": ["Stonecutter", "窑烧 (Hearthworks)"],
    }


def test_a_pack_imports_and_a_second_import_changes_nothing(probe):
    pack = probe["pack"]
    assert "mixer:mixing/andesite_alloy" in pack["recipes"]
    assert "oldmod:enriching" in pack["recipes"]
    assert all(counts == [0, 0, 0] for counts in pack["second"].values()), pack["second"]
    assert pack["alloy"] == ["安山合金", "搅拌"]
    assert pack["contains_zh"] == [["item", "mixer:shaft", "zh_cn", "exact"]]


def test_a_name_and_the_names_it_starts_are_one_range_of_the_code_point_index(probe):
    plans = probe["plans"]
    for label in ("prefix", "exact"):
        assert "game_name_folded_c" in plans[label], plans[label]
        assert "Index Cond" in plans[label], plans[label]
    # Exact names and prefixes: one statement (substrings only when they do not fill it).
    assert plans["exact_statements"] == 1


def test_substrings_are_read_through_the_trigram_index(probe):
    plans = probe["plans"]
    assert "game_name_trgm" in plans["contains"], plans["contains"]
    assert plans["contains_statements"] == 2


def test_the_planner_knows_a_large_import_s_rows_before_it_commits(probe):
    settled = probe["settled"]
    assert settled["timed"], settled
    # Without fresh statistics the planner takes the new names' range for a row or two.
    assert settled["estimate"] >= settled["names"] // 2, settled


def test_a_large_import_leaves_no_pending_trigram_entries(probe):
    assert probe["settled"]["pending_pages"] == 0


def test_the_ways_to_obtain_items_keep_only_the_indexes_their_queries_use(probe):
    assert probe["sources"]["indexes"] == [
        "btree (id)",
        "btree (input_item_id)",
        "btree (item_id, kind)",
        "btree (key)",
        "btree (loot_table_id)",
        "btree (recipe_id)",
    ]
    for plan in probe["sources"]["plans"][-2:]:
        assert "game_source_item_kind" in plan, plan
