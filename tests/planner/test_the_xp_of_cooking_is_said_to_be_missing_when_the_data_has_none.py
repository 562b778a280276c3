"""A question about the XP cooking or crafting an item gives is answered from the data: the
shipped item data has no XP values, and the answer says so instead of only listing where the
item cooks (English and Chinese)."""

from tests.planner.kit import ask


def test_the_xp_of_smelting_is_said_to_be_missing(world):
    text = ask("how much xp do u get per raw iron smelted?").text
    assert text.startswith("The item data has no XP values for Raw Iron")
    assert "Iron Ingot" in text, "what it cooks into, still"


def test_in_chinese_the_xp_of_smelting_is_said_to_be_missing(world):
    text = ask("烧粗铁能得多少经验").text
    assert text.startswith("物品数据中没有 粗铁 的经验值")


def test_a_question_without_xp_says_nothing_of_it(world):
    assert "XP" not in ask("how do I smelt raw iron?").text
