"""Folding tag-expanded recipes (pure functions, no database)."""

from agentweb.game.importers.recipes import RawRecipe, fold_recipes


def shaped(*rows, count=1):
    width = len(rows[0])
    return RawRecipe(True, width, tuple(cell for row in rows for cell in row), count)


def shapeless(*items, count=1):
    return RawRecipe(False, len(items), tuple(items), count)


def test_one_recipe_per_tag_member_folds_into_one_slot_with_alternatives():
    (folded,) = fold_recipes([shaped(["oak"], ["oak"]), shaped(["birch"], ["birch"])])
    assert folded.grid == [[["oak", "birch"]], [["oak", "birch"]]]
    assert folded.ingredients == [{"items": ["oak", "birch"], "count": 2}]
    assert folded.variant_count == 2


def test_two_tags_fold_when_the_recipes_are_their_full_product():
    recipes = [
        shaped([fuel, log], ["stick", "stick"])
        for fuel in ("coal", "charcoal")
        for log in ("oak_log", "birch_log", "spruce_log")
    ]
    (folded,) = fold_recipes(recipes)
    assert folded.grid[0] == [["coal", "charcoal"], ["oak_log", "birch_log", "spruce_log"]]
    assert folded.variant_count == 6


def test_recipes_that_are_not_a_product_are_split_not_merged_wrongly():
    recipes = [shapeless("black_dye", "white_dye"), shapeless("gray_dye", "red_dye")]
    folded = fold_recipes(recipes)
    assert sorted(f.ingredients[0]["items"][0] for f in folded) == ["black_dye", "gray_dye"]
    assert all(f.variant_count == 1 for f in folded)


def test_different_counts_or_shapes_never_fold():
    recipes = [shaped(["oak"], ["oak"], count=4), shaped(["bamboo"], ["bamboo"], count=1)]
    recipes.append(shaped(["oak", "oak"]))
    assert len(fold_recipes(recipes)) == 3


def test_repeated_ingredients_of_a_shapeless_recipe_are_counted():
    (folded,) = fold_recipes([shapeless("gravel", "sand", "sand", "dye")])
    assert {"items": ["sand"], "count": 2} in folded.ingredients
    assert folded.grid is None


def test_exact_duplicates_count_once():
    (folded,) = fold_recipes([shaped(["oak"]), shaped(["oak"])])
    assert folded.variant_count == 1
