"""Names as players type them; an exact title always wins; one shared word is no match."""

from pathlib import Path

import pytest

from agentweb.game import queries
from agentweb.game.importers.ftbquests import import_ftbquests
from agentweb.game.search.names import close_enough, quest_title_key
from tests.game.tool_kit import call_tool

VILLAGE_PACK = Path(__file__).resolve().parents[1] / "planner" / "fixtures" / "village-pack"


@pytest.fixture
def village(world):
    return import_ftbquests(VILLAGE_PACK, slug="village")


def titles(query: str, **kwargs) -> tuple[list[str], str]:
    found, how = queries.match_quests(query, **kwargs)
    return [q.title for q in found], how


def test_a_quest_title_with_or_without_the_and_quest_is_the_same_title():
    assert quest_title_key("the Burning Device quest") == "burning device"
    assert quest_title_key("The World") == "world"
    assert quest_title_key("  Burning Device?  ") == "burning device"


def test_an_exact_title_always_wins_over_close_ones(world):
    found, how = titles("Burning Device")
    assert how == "title"
    assert found[0] == "Burning Device"
    assert "Burning Device 2: Blastastic" in found[1:]


def test_a_typo_finds_the_quest(world):
    assert titles("burnign device") == (["Burning Device", "Burning Device 2: Blastastic"], "fuzzy")


def test_a_quest_sharing_one_word_with_the_name_is_never_matched(world):
    # "Brass Hand" is no quest; "Brass Sifter" shares one word with it.
    assert "Brass Sifter" not in titles("Brass Hand")[0]
    # A quest called "Andesite" exists, but "andesite alloy" names another one.
    assert "Andesite" not in titles("andesite alloy")[0]
    assert close_enough("brass hand", "Brass Funnel") is None
    assert close_enough("andesite alloy", "Andesite") is None


def test_words_left_out_or_added_still_find_the_quest(world):
    assert titles("stripped log")[0][:1] == ["Stripped Logs"]
    assert titles("sturdy sheets")[0][:1] == ["Sturdy Sheet"]
    assert titles("the cogwheel quest")[0][:1] == ["Cogwheel Tier 0"]


def test_a_quest_id_finds_the_quest(world):
    assert titles("7013762E5C89BE35") == (["Burning Device"], "id")
    assert titles("7013762e5c89be35") == (["Burning Device"], "id")


def test_names_on_another_pack_resolve_the_same_way(village):
    assert titles("the golden touch quest", book="village")[0][:1] == ["Golden Touch"]
    assert titles("torch light", book="village")[0][:1] == ["Torchlight"]
    assert titles("BREAD WINNER", book="village") == (["Bread Winner"], "title")
    assert titles("golden spoon", book="village") == ([], "none")
    out = call_tool("ftb.quest.find", {"title": "sweet tooth quest"})
    assert [q["title"] for q in out.observation["quests"]][:1] == ["Sweet Tooth"]


def test_items_by_id_name_display_name_plural_and_any_case(world):
    for query in (
        "minecraft:golden_carrot",
        "golden_carrot",
        "Golden Carrot",
        "golden carrots",
        "GOLDEN CARROTS",
    ):
        assert queries.exact_item(query).item_id == "minecraft:golden_carrot", query


def test_an_item_name_with_a_typo_or_extra_words_is_resolved_by_the_source_tool(world):
    for name in ("diamnod sword", "a diamond sword please", "sword diamond"):
        out = call_tool("item.source", {"item": name})
        assert out.observation["found"] is True, name
        assert out.observation["item"] == "Diamond Sword"


def test_an_unknown_namespaced_id_never_falls_back_to_a_vanilla_item(world):
    out = call_tool("item.source", {"item": "tconstruct:pickaxe"})
    assert out.observation["found"] is False
    assert queries.find_items("tconstruct:pickaxe") == []


def test_quest_item_lookups_match_modded_names_closely_not_by_substring(world):
    out = call_tool("ftb.quest.query", {"rewards_item": "item vaults"})
    assert out.observation["count"] >= 1
    out = call_tool("ftb.quest.query", {"requires_item": "vault"})
    titles_found = [q["title"] for q in out.observation.get("quests", [])]
    assert "Item Vault" in titles_found or out.observation["count"] == 0


def test_a_chapter_is_found_by_a_close_title(world):
    out = call_tool("ftb.quest.query", {"chapter": "chapter 2"})
    assert out.observation["chapter"]["chapter"].startswith("Chapter 2")
    out = call_tool("ftb.quest.query", {"chapter": "applied energistics"})
    assert out.observation["chapter"]["quests"] > 0


def test_a_quest_found_by_its_text_quotes_where_the_words_are(world):
    out = call_tool("ftb.quest.find", {"title": "brass funnel"})
    assert out.observation["match"] == "text"
    (quest,) = out.observation["quests"]
    assert quest["title"] == "Advanced Logistics"
    assert "brass funnel" in quest["matched"].lower()
