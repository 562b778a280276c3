"""An item whose id is an entity's too (an item frame, an armor stand, minecarts, an end
crystal, a painting) is the item when its ways to obtain it are asked: by its id or by the
name it shares with the entity, it gets every recipe minecraft-data 1.20's recipes.json
has for it, and never "no way to obtain"."""

from __future__ import annotations

import json

from agentweb.game.demo import MINECRAFT_DATA_DIR, MINECRAFT_VERSION
from agentweb.game.models import GameName, Item, NameKind
from agentweb.game.tools.items import lookup_sources

DATA = MINECRAFT_DATA_DIR / "pc" / MINECRAFT_VERSION


def _crafted_in_the_data() -> set[str]:
    """The ids of the items recipes.json makes (its keys are the results' numeric ids)."""
    items = json.loads((DATA / "items.json").read_text(encoding="utf-8"))
    by_number = {str(item["id"]): f"minecraft:{item['name']}" for item in items}
    recipes = json.loads((DATA / "recipes.json").read_text(encoding="utf-8"))
    return {by_number[key] for key in recipes if key in by_number}


def _shared_ids() -> set[str]:
    entities = set(GameName.objects.filter(kind=NameKind.ENTITY).values_list("key", flat=True))
    return entities & set(Item.objects.values_list("item_id", flat=True))


def test_the_items_that_share_an_id_with_an_entity_include_the_usual_ones(world):
    shared = _shared_ids()
    wanted = {"item_frame", "armor_stand", "minecart", "end_crystal", "painting"}
    assert {f"minecraft:{name}" for name in wanted} <= shared


def test_each_such_item_gets_its_recipes_by_its_id_and_by_its_name(world):
    crafted = _shared_ids() & _crafted_in_the_data()
    assert len(crafted) >= 10, crafted
    for item_id in sorted(crafted):
        name = Item.objects.get(item_id=item_id).display_name
        for asked in (item_id, name):
            out = lookup_sources(asked)
            assert out.item is not None and out.item.item_id == item_id, asked
            assert out.has_crafting, f"{asked}: its recipe"
            assert not any("no way to obtain" in note for note in out.notes()), asked


def test_the_item_frame_s_recipe_is_eight_sticks_around_a_leather(world):
    out = lookup_sources("Item Frame")
    (way,) = out.sources
    assert way.grid == [["Stick"] * 3, ["Stick", "Leather", "Stick"], ["Stick"] * 3]
