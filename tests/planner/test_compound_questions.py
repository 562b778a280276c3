"""A question that asks several things about a quest gets an answer to each of them.

Facts from tests/planner/fixtures/saltmarsh-reach (titles in lang/en_us.snbt) and the
shipped Create: Grand Expanse chapters; minecraft-data for the conduit recipe.
"""

from __future__ import annotations

import pytest

from tests.planner.kit import ask, invented_names

CASES = [
    # shoreline_camp.snbt 5C…05: 3 iron ingots and an anvil; rewards an iron pickaxe.
    (
        "what does Mainland Smith need and what do I get for it?",
        ["3× Iron Ingot", "1× Anvil", "1× Iron Pickaxe"],
    ),
    # chapter_0_from_dust.snbt: Burning Device 2: Blastastic depends on Iron Ingot, asks for
    # a blast furnace.
    (
        "What comes before Burning Device 2: Blastastic and what does it ask for?",
        ["Iron Ingot (Chapter 0: From Dust)", "1× Blast Furnace"],
    ),
    # lighthouse_keepers.snbt 5C…06: 12 coal, a random pick from Keeper's Cache,
    # unlocks Light the Lantern and Glass Lens.
    (
        "For Beacon Fuel: what do I need, what's the reward and what does it unlock?",
        ["12× Coal", "Keeper's Cache", "2× Emerald", "Light the Lantern", "Glass Lens"],
    ),
    # sunken_vault.snbt 5C…0B: in The Sunken Vault (group Beyond the Tide), after Tide Pool Diver.
    (
        "where is the vault key quest, what's before it and what do i get?",
        ["The Sunken Vault", "Beyond the Tide", "Tide Pool Diver", "Keeper's Cache"],
    ),
    # chapter_0: Rope asks for a rope, rewards a safety net, depends on Straw.
    (
        "rope quest: what's required, what's the reward, and what do I have to finish first?",
        ["1× Rope", "1× Safety Net", "Straw"],
    ),
    # "what chapter" asks about the quest here, it names no chapter.
    (
        "what rewards does beacon fuel have and what chapter is it in?",
        ["Lighthouse Keepers", "The Mainland", "Keeper's Cache"],
    ),
    # sunken_vault.snbt 5C…0A: 200 XP; unlocks Vault Key and the untitled Sponge quest.
    ("How much XP is Tide Pool Diver worth and what does it unlock?", ["200 XP", "Vault Key"]),
]


@pytest.mark.parametrize(("question", "facts"), CASES)
def test_every_aspect_asked_is_answered(saltmarsh, question, facts):
    asked = ask(question)
    for fact in facts:
        assert fact in asked.text, f"{fact!r} missing from: {asked.text}"
    assert asked.result.answer.sources
    assert invented_names(asked, question) == []


def test_one_detail_lookup_answers_tasks_rewards_and_unlocks_within_the_budget(saltmarsh):
    asked = ask("For Beacon Fuel: what do I need, what's the reward and what does it unlock?")
    assert asked.tools == ["ftb.quest.detail"], "the quest named is read by its id"
    assert asked.result.rounds_used == 2


def test_a_quest_requirement_and_its_recipe_fit_in_two_lookups(saltmarsh):
    # sunken_vault.snbt 5C…0C asks for a conduit; recipes.json: 8 nautilus shells around
    # a heart of the sea.
    asked = ask("What do I need for the Sunken Vault quest and how do I craft it?")
    assert asked.tools == ["ftb.quest.detail", "item.source"]
    for fact in ("1× Conduit", "8× Nautilus Shell", "Heart of the Sea"):
        assert fact in asked.text


def test_a_chapter_count_and_its_group_are_both_stated(saltmarsh):
    # lighthouse_keepers.snbt: 4 quests, group 5A…01 "The Mainland".
    asked = ask("how many quests are in the Lighthouse Keepers chapter and which group is it in?")
    assert asked.tools == ["ftb.quest.query"]  # the chapter line carries its group
    assert "The chapter Lighthouse Keepers has 4 quests" in asked.text
    assert "chapter group The Mainland" in asked.text
    assert "{" not in asked.text


def test_a_chain_question_with_more_aspects_gets_the_detail_and_the_item_lookup(saltmarsh):
    # sunken_vault.snbt 5C…0B: after Tide Pool Diver, unlocks Sunken Vault, asks for a
    # heart of the sea. The quest is read by id, so the item's sources fit the budget too.
    asked = ask(
        "what do i need for the vault key quest, how do i get it, "
        "what comes before it and what does it unlock?"
    )
    assert asked.tools == ["ftb.quest.detail", "item.source"]
    for fact in ("1× Heart of the Sea", "Tide Pool Diver", "unlocks: Sunken Vault"):
        assert fact in asked.text
    assert "Ask me next" not in asked.text
