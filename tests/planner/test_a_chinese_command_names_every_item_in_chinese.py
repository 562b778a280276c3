"""The commands answer a Chinese player with every name in Chinese, not only the one asked
about: each item, station and mob of ``/item`` and each task and reward of ``/quest`` by the
data's own Chinese name (the imported lang files), else the glossary's of common vanilla
things, else as the data has it — the rule the planner's answers follow. English keeps the
data's names.

Facts from minecraft-data 1.20 recipes.json (iron ingot from 9 iron nuggets, a block of
iron, raw iron smelted or blasted) and the Frostbell Hollow fixture (quest 指南针: hand in
1 compass, get 1 map); Chinese names as Minecraft's zh_cn lang file has them."""

from __future__ import annotations

from django.utils import translation

from agentweb.ftb.commands import quest_command
from agentweb.game.commands import item_command


def test_the_item_command_names_ingredients_and_stations_in_chinese(world):
    with translation.override("zh-hans"):
        text = item_command("铁锭", None).text
    for name in ("铁锭", "9× 铁粒", "1× 铁块", "1× 粗铁", "高炉"):
        assert name in text, text
    assert "Iron" not in text


def test_the_item_command_keeps_the_data_s_names_in_english(world):
    with translation.override("en"):
        text = item_command("iron ingot", None).text
    assert "Iron Nugget" in text and "Raw Iron" in text, text


def test_the_quest_command_names_its_tasks_and_rewards_in_chinese(frostbell):
    with translation.override("zh-hans"):
        text = quest_command("指南针", None).text
    assert "1× 指南针" in text and "1× 空地图" in text, text
    assert "Compass" not in text and "Map" not in text


def test_the_quest_command_in_english_names_them_as_the_data_does(frostbell):
    with translation.override("en"):
        text = quest_command("Compass", None).text
    assert "1× Compass" in text, text


def test_the_item_command_lists_ingredients_with_chinese_punctuation(world):
    with translation.override("zh-hans"):
        text = item_command("营火", None).text
    assert "用 3× 木棍、1× 煤炭或木炭、" in text, text
    with translation.override("en"):
        assert "3× Stick, 1× Coal or Charcoal, " in item_command("campfire", None).text
