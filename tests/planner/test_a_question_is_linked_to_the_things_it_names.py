"""Entity linking (``agentweb.game.mentions``): every name the data has, in any language,
found in a question — exact, normalised (apostrophes, articles, plurals), then misspelled
within the documented floor; the longest name wins; a near name is not linked."""

from __future__ import annotations

import pytest

from agentweb.game.mentions import mentions, things_named, translations


def _linked(question: str) -> set[tuple[str, str]]:
    return {(m["kind"], m["name"]) for m in mentions(question)}


@pytest.mark.parametrize(
    ("question", "thing"),
    [
        ("what does the keepers log need", ("quest", "The Keeper's Log")),
        ("how do I get iron ingots?", ("item", "Iron Ingot")),
        ("which quests make me kill drowneds", ("entity", "Drowned")),
        ("what is in the Lighthouse Keepers chapter", ("chapter", "Lighthouse Keepers")),
        ("火把怎么做", ("item", "Torch")),
    ],
)
def test_names_are_found_in_any_wording(saltmarsh, question, thing):
    assert thing in _linked(question)


def test_a_misspelled_name_is_linked_and_a_near_name_is_not(saltmarsh):
    assert ("quest", "Driftwood Shelter") in _linked("what does driftwod shelter need")
    assert ("item", "Diamond Sword") in _linked("craft a diamond swrod of doom")
    assert ("item", "Andesite Wall") not in _linked("how do I craft andesite alloy")


def test_the_longest_name_wins(saltmarsh):
    linked = _linked("light the lantern: what do I hand in")
    assert ("quest", "Light the Lantern") in linked
    assert ("item", "Lantern") not in linked


def test_a_chinese_title_from_the_lang_file_is_linked_with_every_language(frostbell):
    (quest,) = [m for m in mentions("矿工的午餐给什么") if m["kind"] == "quest"]
    assert quest["names"] == {"en_us": "Miner's Lunch", "zh_cn": "矿工的午餐"}
    # Names inside counted lines too; the glossary's for a vanilla item with no zh_cn name.
    assert translations(["Miner's Lunch", "3× Bread"], "zh_cn") == {
        "Miner's Lunch": "矿工的午餐",
        "Bread": "面包",
    }
    assert [t.kind for t in things_named("钟楼矿井", ["chapter"])] == ["chapter"]
