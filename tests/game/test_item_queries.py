"""Item search and item sources as tools will call them."""

from agentweb.game import queries
from agentweb.game.models import SourceKind


def test_an_exact_display_name_ranks_first(world):
    found = queries.find_items("iron ingot")
    assert found[0].item_id == "minecraft:iron_ingot"


def test_ids_names_and_display_names_find_the_same_item(world):
    for query in ("minecraft:iron_ingot", "iron_ingot", "Iron Ingot", "IRON INGOT"):
        assert queries.find_items(query)[0].item_id == "minecraft:iron_ingot"


def test_the_exact_item_comes_first_then_names_with_the_word_or_its_prefix(world):
    names = [item.name for item in queries.find_items("stick", limit=20)]
    assert names[0] == "stick"
    assert {"debug_stick", "sticky_piston", "carrot_on_a_stick"} <= set(names)
    assert "stone" not in names


def test_the_limit_is_capped(world):
    # Every vanilla item id starts with "minecraft:", so this matches them all.
    assert len(queries.find_items("minecraft", limit=10_000)) == queries.MAX_LIMIT
    assert queries.find_items("   ") == []


def test_get_item_accepts_a_name_an_id_or_a_display_name(world):
    assert queries.get_item("Flint").item_id == "minecraft:flint"
    assert queries.get_item("minecraft:flint").name == "flint"
    assert queries.get_item("no such thing") is None


def test_sources_list_crafting_before_cooking_before_drops(world, django_assert_max_num_queries):
    queries.item_sources("iron_ingot")  # the data's version and name caches, once a process
    with django_assert_max_num_queries(2):
        found = queries.item_sources("iron_ingot")
        kinds = [source.kind for source in found]
        inputs = [source.input_item.name for source in found if source.input_item]
    order = [kind.value for kind in SourceKind]
    assert kinds == sorted(kinds, key=order.index)
    assert "raw_iron" in inputs
    assert kinds[-1] == SourceKind.MOB_DROP


def test_sources_can_be_filtered_by_kind(world):
    found = queries.item_sources("flint", kinds=[SourceKind.BLOCK_DROP])
    assert [s.source_name for s in found] == ["minecraft:gravel"]
    assert queries.item_sources("not an item") == []


def test_a_folded_slot_reads_as_any_planks(world):
    (planks,) = [s for s in queries.item_sources("stick") if s.variant_count == 11]
    names = queries.display_names(planks.ingredient_ids())
    assert queries.alternatives_label(planks.grid[0][0], names) == "any Planks"
    assert queries.alternatives_label(["minecraft:coal", "minecraft:charcoal"], names) == (
        "Coal or Charcoal"
    )


def test_display_names_prettify_unknown_ids(world):
    names = queries.display_names(["minecraft:flint", "create:zinc_nugget"])
    assert names == {"minecraft:flint": "Flint", "create:zinc_nugget": "Zinc Nugget"}
