"""A phrase the pattern reader kept around a name is another name only when its other
words name something ("andesite alloy" around Andesite, "Tide Pool Diver Expert"): words
that only ask — hand out, prereqs, 能拿到, "and what do they…" — leave the name the one
asked about, so the quest or item the data has is looked up.

Facts: create-grand-expanse — "Somethings missing..." gives 8 create:item_vault and the
quest Item Vault 4; frostbell-hollow — 锻造大师 gives 1 minecraft:diamond."""

from __future__ import annotations

from tests.planner.kit import ask


def test_which_quests_hand_out_an_item_lists_them_with_counts(world):
    asked = ask("what quests hand out item vaults?")
    assert asked.tools == ["ftb.quest.query"], asked.text
    assert "Somethings missing" in asked.text and "8× Item Vault" in asked.text, asked.text
    assert "4× Item Vault" in asked.text


def test_a_chinese_phrase_of_asking_words_and_an_item_is_the_item(frostbell):
    asked = ask("哪些任务能拿到钻石啊")
    assert asked.tools == ["ftb.quest.query"], asked.text
    assert "锻造大师" in asked.text and "1× 钻石" in asked.text, asked.text


def test_a_phrase_with_another_name_word_is_still_another_name(world):
    asked = ask("how do I make andesite alloy?")
    assert "Did you mean" in asked.text, asked.text
    assert "crafted" not in asked.text
