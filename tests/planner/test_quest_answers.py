"""Quest answers carry what a player needs: counts, reward tables, XP, rules, chapter, group.

Facts from tests/planner/fixtures/saltmarsh-reach and the shipped Create: Grand Expanse
chapters (agentweb/game/data/ftbquests/create-grand-expanse).
"""

from __future__ import annotations

import pytest

from tests.planner.kit import ask, invented_names

CASES = [
    # shoreline_camp.snbt 5C…03: a choice from Camp Supplies (6 cooked salmon, a fishing
    # rod, 16 torches).
    (
        "What's the reward for the Campfire Cook quest?",
        ["a choice of one", "Camp Supplies", "6× Cooked Salmon", "1× Fishing Rod", "16× Torch"],
    ),
    # sunken_vault.snbt 5C…0B: a random pick from Keeper's Cache.
    (
        "rewards of vault key",
        ["one random pick", "Keeper's Cache", "2× Emerald", "1× Name Tag", "4× Gold Ingot"],
    ),
    # shoreline_camp.snbt 5C…04: xp_levels 3.
    ("What's the reward for Shell Collector?", ["3 levels"]),
    # chapter_1_to_rotation.snbt: Ponder the Spin's reward is titled "Knowledge", xp 100.
    ("What does the Ponder the Spin quest reward?", ["Knowledge (100 XP)"]),
    # lighthouse_keepers.snbt 5C…09: a kill task, 3 drowned, titled in the lang file.
    ("what do I need to do for the keeper's log?", ["3× Drive off the drowned"]),
    # shoreline_camp.snbt 5C…05: one_completed of two prerequisites.
    ("prereqs for mainland smith", ["one of them completed", "Campfire Cook", "Shell Collector"]),
    # lighthouse_keepers.snbt 5C…09: all_started.
    ("which quests come before The Keeper's Log?", ["all of them started", "Glass Lens"]),
    # sunken_vault.snbt 5C…0D (untitled: its task's item, Sponge): all_started, one quest.
    (
        "what comes before the sponge quest?",
        ["you need to have started: Tide Pool Diver (The Sunken Vault)"],
    ),
    # chapter_0: nothing depends on Cryo Fuel (chapter_3).
    ("What does the Cryo Fuel quest lead to?", ["No quest depends on Cryo Fuel"]),
    # lighthouse_keepers.snbt is in group 5A…01, "The Mainland" in lang/en_us.snbt.
    ("what chapter and group is Glass Lens in?", ["Lighthouse Keepers", "The Mainland"]),
    # chapter_0_from_dust.snbt has group "": no chapter group.
    ("which chapter group is the Stove quest in?", ["Chapter 0: From Dust", "no chapter group"]),
    # chapter_0: the Stove quest has no rewards.
    ("Does the Stove quest give any rewards?", ["Stove gives no rewards"]),
]


@pytest.mark.parametrize(("question", "facts"), CASES)
def test_the_answer_states_the_facts_of_the_quest_book(saltmarsh, question, facts):
    asked = ask(question)
    for fact in facts:
        assert fact in asked.text, f"{fact!r} missing from: {asked.text}"
    assert invented_names(asked, question) == []


def test_a_question_about_rewards_only_does_not_list_the_tasks(saltmarsh):
    asked = ask("rewards of vault key")
    assert "Heart of the Sea" not in asked.text  # the task, not asked


def test_an_unknown_quest_is_reported_not_swapped_for_a_similar_one(saltmarsh):
    asked = ask("what does the Moonlit Harvest quest give?")
    assert 'could not find a quest named "Moonlit Harvest"' in asked.text
    assert asked.tools == ["ftb.quest.find"]


def test_a_quest_named_in_part_is_the_one_with_every_word_of_the_name(saltmarsh):
    # chapter_0: "Burning Device" (a furnace) and "Burning Device 2: Blastastic" (a blast
    # furnace); the question's "2" says which.
    asked = ask("what does burning device 2 need?")
    assert "Quest Burning Device 2: Blastastic" in asked.text
    assert "1× Blast Furnace" in asked.text
