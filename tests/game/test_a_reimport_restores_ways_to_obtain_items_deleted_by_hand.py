"""Ways to obtain items that an admin deleted by hand come back when the same pack is
imported again: a recipe or loot table whose file did not change is kept without being
read, unless some of the rows it gave are gone."""

import pytest

from agentweb.game.importers.pack import import_pack
from agentweb.game.models import ItemSource, LootTable, Recipe

from .packs import MIXER_MOD, vanilla_items, write_zip

pytestmark = pytest.mark.django_db


@pytest.fixture
def jar(tmp_path, db):
    vanilla_items()
    return write_zip(tmp_path / "mixer.jar", MIXER_MOD)


def pack_sources():
    return sorted(ItemSource.objects.filter(origin="pack").values_list("key", "item__item_id"))


def test_a_deleted_recipe_source_is_back_after_the_same_import(jar):
    import_pack(jar)
    before = pack_sources()
    recipe = Recipe.objects.get(recipe_id="mixer:mixing/andesite_alloy")
    recipe.sources.all().delete()
    report = import_pack(jar)
    assert pack_sources() == before
    assert report.changes["ways to obtain items"].added == recipe.source_rows
    assert report.changes["recipes"].changed == 0


def test_a_deleted_drop_is_back_after_the_same_import(jar):
    import_pack(jar)
    before = pack_sources()
    table = LootTable.objects.filter(sources__isnull=False).first()
    deleted, _ = table.sources.all()[:1].get().delete()
    report = import_pack(jar)
    assert deleted == 1
    assert pack_sources() == before
    assert report.changes["ways to obtain items"].added == 1


def test_each_recipe_and_table_knows_how_many_rows_it_gave(jar):
    import_pack(jar)
    for owner in (*Recipe.objects.all(), *LootTable.objects.all()):
        assert owner.sources.count() == owner.source_rows, owner
    assert sum(Recipe.objects.values_list("source_rows", flat=True)) > 0


def test_an_untouched_pack_is_still_not_read_again(jar):
    import_pack(jar)
    report = import_pack(jar)
    assert report.changes["ways to obtain items"].added == 0
    assert all(c.changed == 0 and c.added == 0 for c in report.changes.values())
