"""Exact names and the names they start are one range of the folded names' index: one
statement, the whole name first, then the longer names in code point order; substrings
are read (one statement more) only when those do not fill the answer."""

import pytest

from agentweb.game.importers.names import sync_names
from agentweb.game.models import NameOrigin
from agentweb.game.search.game_names import names_matching

pytestmark = pytest.mark.django_db


@pytest.fixture
def names():
    sync_names(
        NameOrigin.PACK,
        {
            ("item", "mod:gear_b", "en_us"): "Iron Gear Box",
            ("item", "mod:gear", "en_us"): "Iron Gear",
            ("item", "mod:gear", "zh_cn"): "铁齿轮",
            ("item", "mod:gear_a", "en_us"): "Iron Gearing",
            ("item", "mod:plate", "en_us"): "Plate of Iron Gear",
        },
    )
    sync_names(NameOrigin.MINECRAFT_DATA, {("item", "mod:gear", "en_us"): "Iron gear (old)"})


def test_the_whole_name_comes_first_then_longer_names_by_code_point(names):
    found = names_matching("iron gear", limit=3)
    assert [(m.key, m.how) for m in found] == [
        ("mod:gear", "exact"),
        ("mod:gear_b", "prefix"),
        ("mod:gear_a", "prefix"),
    ]
    assert found[0].text == "Iron Gear"  # the pack's name over the shipped data's


def test_a_filled_answer_is_one_statement(names, django_assert_num_queries):
    with django_assert_num_queries(1):
        assert len(names_matching("iron gear", limit=3)) == 3
    with django_assert_num_queries(1):
        assert [m.key for m in names_matching("IRON GEAR", exact=True)] == ["mod:gear"]


def test_substrings_follow_in_one_more_statement(names, django_assert_num_queries):
    with django_assert_num_queries(2):
        found = names_matching("iron gear", limit=10)
    assert [(m.key, m.how) for m in found][-1] == ("mod:plate", "contains")
    assert [m.text for m in found if m.how == "contains"] == ["Plate of Iron Gear"]


def test_a_chinese_prefix_is_found(names):
    assert [(m.key, m.language, m.how) for m in names_matching("铁齿")] == [
        ("mod:gear", "zh_cn", "prefix")
    ]
