"""Task types, item stacks of 1.20 and 1.21, and item filters."""

import pytest

from agentweb.game.importers.ftbquests import import_ftbquests
from agentweb.game.models import Reward, Task, TaskType

from .conftest import PACKS

pytestmark = pytest.mark.django_db


@pytest.fixture
def frontier():
    return import_ftbquests(PACKS / "frontier")


def test_an_unknown_task_type_is_kept_as_other_with_its_raw_type(frontier):
    task = Task.objects.get(task_id="4000000000000009")
    assert task.type == TaskType.OTHER
    assert task.raw_type == "create_sequenced_assembly"
    assert task.details == {"recipe": "frontier:widget_assembly", "stages": 3}
    assert frontier.notes["tasks of unknown type 'create_sequenced_assembly'"] == 1


def test_known_non_item_tasks_keep_what_they_are_about(frontier):
    kill = Task.objects.get(task_id="4000000000000022")
    assert (kill.type, kill.count, kill.details["entity"]) == ("kill", 1, "minecraft:ender_dragon")
    nether = Task.objects.get(task_id="4000000000000008")
    assert nether.details == {"dimension": "minecraft:the_nether"}


def test_a_plain_item_task_counts_one_by_default(frontier):
    task = Task.objects.get(task_id="4000000000000002")
    assert (task.item_id, task.count) == ("minecraft:furnace", 1)


def test_a_1_20_stack_gives_its_id_and_keeps_its_tag(frontier):
    task = Task.objects.get(task_id="4000000000000003")
    assert task.item_id == "minecraft:furnace_minecart"
    assert task.details["item_stack"] == {"tag": {"Damage": 0}}


def test_a_1_21_stack_gives_its_id_and_keeps_its_components(frontier):
    task = Task.objects.get(task_id="4000000000000023")
    assert (task.item_id, task.count) == ("minecraft:torch", 4)
    assert task.details["item_stack"] == {"components": {"minecraft:custom_name": "Bright"}}
    reward = Reward.objects.get(reward_id="5000000000000023")
    assert (reward.item_id, reward.count) == ("minecraft:golden_apple", 8)


def test_an_item_filter_shows_the_task_title(frontier):
    task = Task.objects.get(task_id="4000000000000006")
    assert task.item_id == "itemfilters:tag"
    assert task.item_display_name == "Collect Any Planks"
    assert task.label == "Collect Any Planks"
    assert task.details["filter"]["tag"] == {"value": "minecraft:planks"}
    assert task.count == 20
