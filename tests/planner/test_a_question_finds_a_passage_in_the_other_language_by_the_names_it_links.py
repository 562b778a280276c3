"""A passage written only in another language than the question is searched for by the
names, in that language, of the things the question names — either way: an English
question finds a Chinese passage by the Chinese name of what it names (quoted as written,
marked as Chinese), as a Chinese question finds an English one by the English name."""

from __future__ import annotations

import pytest

from agentweb.game.models import KnowledgeArticle
from agentweb.llm.offline import OfflinePlanner
from agentweb.llm.offline.entities import read
from agentweb.llm.offline.intent import parse
from agentweb.workflows.names import data_names
from tests.planner.kit import run_with

# An article of a Chinese server, with no English text (望远镜 is the Spyglass).
FOG = "灯塔守卫说：起雾的日子里，望远镜什么也看不见。只有放晴以后才能看到对岸的岛。"
SPYGLASS = {
    "kind": "item",
    "text": "spyglass",
    "name": "Spyglass",
    "names": {"en_us": "Spyglass", "zh_cn": "望远镜"},
}


@pytest.fixture
def fog(world):
    KnowledgeArticle.objects.create(key="fog-watch", title="雾中的灯塔", body=FOG)


def test_an_english_question_is_answered_from_the_chinese_passage(fog):
    outcome = run_with(OfflinePlanner(), "why can't I see anything through my spyglass?")
    assert outcome.workflow == "system:question"
    assert "起雾的日子里，望远镜什么也看不见" in outcome.text, outcome.text
    assert "Chinese" in outcome.text  # quoted as written, not translated


def test_an_english_question_naming_nothing_of_it_finds_nothing(fog):
    outcome = run_with(OfflinePlanner(), "why can't I see anything through the fog?")
    assert "望远镜" not in outcome.text, outcome.text


def test_the_names_searched_are_those_of_the_other_languages():
    chinese = dict(SPYGLASS, text="望远镜")
    assert data_names("why is my spyglass useless?", [SPYGLASS]) == "望远镜"
    assert data_names("望远镜为什么没用？", [chinese]) == "Spyglass"
    assert data_names("what is this?", [dict(SPYGLASS, kind="chapter")]) is None


def test_they_are_searched_in_one_language_at_a_time():
    # A pack with Japanese names too: a Chinese question searches the English names; an
    # English one the language most of the things it names have names in.
    everywhere = dict(SPYGLASS, names={**SPYGLASS["names"], "ja_jp": "望遠鏡"})
    ingot = {"kind": "item", "text": "iron ingot", "name": "Iron Ingot"}
    ingot["names"] = {"en_us": "Iron Ingot", "zh_cn": "铁锭"}
    assert data_names("望远镜为什么没用？", [dict(everywhere, text="望远镜")]) == "Spyglass"
    assert data_names("spyglass or iron ingot?", [everywhere, ingot]) == "望远镜 铁锭"


def test_the_planner_searches_the_same_names():
    english = parse("why can't I see anything through my spyglass?", tuple(read_entities(SPYGLASS)))
    chinese = parse("为什么望远镜看不见？", tuple(read_entities(dict(SPYGLASS, text="望远镜"))))
    assert english.search_names == "望远镜"
    assert chinese.search_names == "Spyglass"


def read_entities(entity: dict) -> list:
    return read({"entities": [dict(entity, id="minecraft:spyglass")]})
