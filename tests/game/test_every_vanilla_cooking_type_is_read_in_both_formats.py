"""Smelting, blasting, smoking and campfire cooking from a pack, in the 1.20 form (``item``
ingredient, a bare result id, ``recipes/``) and the 1.21 form (``{"id": …}`` result, string
ingredient, ``recipe/``): each becomes its kind with its input and its station."""

import pytest

from agentweb.game.importers.pack import import_pack
from agentweb.game.models import ItemSource

from .packs import PACK_MCMETA, vanilla_items, write_zip

pytestmark = pytest.mark.django_db


def cooking(kind: str, source: str, result: str, *, modern: bool) -> dict:
    if modern:
        return {"type": kind, "ingredient": source, "result": {"id": result}, "cookingtime": 100}
    return {"type": kind, "ingredient": {"item": source}, "result": result, "cookingtime": 100}


PACK = {"pack.mcmeta": PACK_MCMETA}
for kind in ("smelting", "blasting", "smoking", "campfire_cooking"):
    PACK[f"data/oven/recipes/old_{kind}.json"] = cooking(
        f"minecraft:{kind}", "minecraft:wheat", "minecraft:coal", modern=False
    )
    PACK[f"data/oven/recipe/new_{kind}.json"] = cooking(
        f"minecraft:{kind}", "minecraft:cod", "minecraft:stick", modern=True
    )


@pytest.fixture
def imported(tmp_path, db):
    vanilla_items()
    return import_pack(write_zip(tmp_path / "oven.zip", PACK))


@pytest.mark.parametrize(
    ("kind", "stored"),
    [
        ("smelting", "smelting"),
        ("blasting", "blasting"),
        ("smoking", "smoking"),
        ("campfire_cooking", "campfire"),
    ],
)
@pytest.mark.parametrize(
    ("generation", "source", "result"),
    [
        ("old", "minecraft:wheat", "minecraft:coal"),
        ("new", "minecraft:cod", "minecraft:stick"),
    ],
)
def test_each_cooking_type_becomes_its_kind(imported, kind, stored, generation, source, result):
    way = ItemSource.objects.get(recipe__recipe_id=f"oven:{generation}_{kind}")
    assert way.kind == stored
    assert (way.item.item_id, way.input_item.item_id) == (result, source)
