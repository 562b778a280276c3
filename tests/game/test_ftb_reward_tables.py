"""Rewards reference reward tables by a decimal long equal to the table's hex id."""

import pytest

from agentweb.game.importers.ftbquests import import_ftbquests
from agentweb.game.models import Reward, RewardTable

from .conftest import PACKS

pytestmark = pytest.mark.django_db


@pytest.fixture
def frontier():
    return import_ftbquests(PACKS / "frontier")


def test_a_random_reward_finds_its_table_by_table_id(frontier):
    reward = Reward.objects.get(reward_id="5000000000000002")
    assert int(reward.table.table_id, 16) == 8615485860944689786
    assert reward.table.title == "Starter Loot"


def test_a_negative_table_id_is_the_same_64_bits_as_the_hex_id(frontier):
    reward = Reward.objects.get(reward_id="500000000000000A")
    assert reward.type == "choice"
    assert reward.table.table_id == "F00000000000000B"


def test_table_entries_keep_items_counts_and_weights(frontier):
    table = RewardTable.objects.get(table_id="77905ABE65023A7A")
    entries = list(table.entries.values_list("item_id", "count", "weight"))
    assert entries == [("minecraft:bread", 3, 5.0), ("minecraft:beef", 16, 1.0)]
    rare = RewardTable.objects.get(table_id="F00000000000000B").entries.get()
    assert rare.item_id == "minecraft:diamond"


def test_xp_and_level_rewards_keep_their_amount(frontier):
    assert Reward.objects.get(reward_id="5000000000000001").xp == 50
    levels = Reward.objects.get(quest__quest_id="2000000000000002")
    assert (levels.type, levels.xp) == ("xp_levels", 5)
    # It had no id in the file: a stable one is made from the quest id.
    assert levels.reward_id == "2000000000000002#r0"
