"""An item's ways to obtain it, with or without a choice of kinds, and the rows an item's
deletion takes with it, are found through the one (item, kind) index: no index on the
item alone, the kind or the source's name is kept beside it."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from agentweb.game.models import Item, ItemSource, SourceKind
from agentweb.game.queries import _load_sources

pytestmark = pytest.mark.django_db


@pytest.fixture
def item():
    gear = Item.objects.create(item_id="mod:gear", namespace="mod", name="gear")
    ItemSource.objects.create(key="a", item=gear, kind=SourceKind.CRAFTING_SHAPED)
    ItemSource.objects.create(key="b", item=gear, kind=SourceKind.SMELTING)
    return gear


def plan(sql: str, params: list) -> str:
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN QUERY PLAN " + sql, params)
        return "\n".join(str(row[-1]) for row in cursor.fetchall())


def test_the_lookups_of_an_item_s_sources_use_the_item_and_kind_index(item):
    with CaptureQueriesContext(connection) as seen:
        loaded = _load_sources([(item.pk, None), (item.pk, ("smelting",))])
    assert [len(rows) for rows in loaded.values()] == [2, 1]
    for statement in seen.captured_queries:  # as they ran: SQLite's capture inlines values
        assert "game_source_item_kind" in plan(statement["sql"], []), statement["sql"]


def test_deleting_an_item_finds_its_sources_through_the_same_index(item):
    sql = "SELECT id FROM game_itemsource WHERE item_id IN (%s)"
    assert "game_source_item_kind" in plan(sql, [item.pk])
    item.delete()
    assert not ItemSource.objects.filter(key__in=["a", "b"]).exists()


def test_no_other_index_on_the_item_the_kind_or_the_source_name_is_kept(item):
    with connection.cursor() as cursor:
        indexes = connection.introspection.get_constraints(cursor, "game_itemsource")
    indexed = sorted(tuple(c["columns"]) for c in indexes.values() if c["index"])
    assert ("item_id",) not in indexed
    assert ("kind",) not in indexed
    assert ("source_name",) not in indexed
    assert ("item_id", "kind") in indexed
