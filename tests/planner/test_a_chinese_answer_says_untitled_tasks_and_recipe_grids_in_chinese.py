"""A Chinese answer names an untitled task by its kind in Chinese alone (not "advancement
（完成进度）"), and lays a recipe's grid out with Chinese punctuation; English says the
task's kind once and keeps its commas.

Facts from the Frostbell Hollow fixture (石器时代 / Stone Age asks for an untitled
advancement) and minecraft-data 1.20 (a diamond pickaxe: three diamonds over two sticks)."""

from __future__ import annotations

from tests.planner.kit import ask


def test_an_untitled_task_is_its_kind_in_chinese(frostbell):
    text = ask("石器时代要做什么？").text
    assert "需要：完成进度。" in text, text
    assert "advancement" not in text


def test_an_untitled_task_is_its_kind_once_in_english(frostbell):
    text = ask("what do I have to do for Stone Age?").text
    assert "advancement" in text and "advancement (advancement)" not in text, text


def test_a_recipe_grid_is_laid_out_with_chinese_punctuation(world):
    text = ask("钻石镐怎么做？").text
    assert "钻石、钻石、钻石 / 空、木棍、空 / 空、木棍、空" in text, text
    english = ask("how do I craft a diamond pickaxe?").text
    assert "Diamond, Diamond, Diamond / empty, Stick, empty" in english, english
