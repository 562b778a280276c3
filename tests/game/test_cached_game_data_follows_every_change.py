"""The game data the tools keep in memory follows every write: an admin edit, an
import, another process's write, a write rolled back; and a warm lookup costs one read."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import transaction
from django.forms.models import model_to_dict
from django.urls import reverse

from agentweb.ftb import search as ftb_search
from agentweb.game import queries, versions
from agentweb.game.importers.minecraft import import_minecraft_data
from agentweb.game.models import DataVersion, Item, ItemSource, Quest, SourceKind, Task
from agentweb.game.tools.items import lookup_sources
from tests.game.conftest import FIXTURES

BURNING_DEVICE = "7013762E5C89BE35"


@pytest.fixture
def admin_client(client):
    boss = get_user_model().objects.create_superuser("boss", "boss@example.com", "pw")
    client.force_login(boss)
    return client


def _post_change(admin_client, obj, **changes):
    data = {k: ("" if v is None else v) for k, v in model_to_dict(obj).items()}
    data.update(changes)
    url = reverse(f"admin:game_{obj._meta.model_name}_change", args=[obj.pk])
    response = admin_client.post(url, data)
    assert response.status_code == 302, response.content[:800]


def test_an_item_renamed_in_the_admin_is_found_by_its_new_name_at_the_next_call(
    world, admin_client
):
    flint = queries.get_item("Flint")
    assert flint is not None and queries.get_item("Knapped Stone") is None
    _post_change(admin_client, flint, display_name="Knapped Stone")
    assert queries.get_item("Knapped Stone").pk == flint.pk
    assert queries.get_item("Flint") is not None  # still its bare name ("flint")
    assert queries.display_names(["minecraft:flint"]) == {"minecraft:flint": "Knapped Stone"}


def test_a_quest_renamed_with_save_is_found_by_the_next_find(world):
    quest = Quest.objects.get(quest_id=BURNING_DEVICE)
    found, how = ftb_search.find_quests(quest.title, 5)
    assert how == "title" and found[0].quest_id == BURNING_DEVICE
    with transaction.atomic():  # as the admin saves
        quest.title = "Scorching Contraption"
        quest.save()
    found, how = ftb_search.find_quests("scorching contraption", 5)
    assert (how, [q.quest_id for q in found]) == ("title", [BURNING_DEVICE])
    assert found[0].title == "Scorching Contraption"


def test_a_task_added_to_a_quest_is_listed_by_the_next_find(world):
    quest = Quest.objects.get(quest_id=BURNING_DEVICE)
    (before,), _ = ftb_search.find_quests(quest.title, 1)
    assert "minecraft:trident" not in [t.item_id for t in before.tasks.all()]
    Task.objects.create(
        quest=quest,
        task_id="X1",
        order=99,
        type="item",
        raw_type="item",
        item_id="minecraft:trident",
        item_display_name="Trident",
    )
    (after,), _ = ftb_search.find_quests(quest.title, 1)
    assert "minecraft:trident" in [t.item_id for t in after.tasks.all()]
    # The names quests use for items follow too.
    assert ftb_search.item_ids_for("Trident") == ["minecraft:trident"]


def test_a_task_deleted_and_a_dependency_added_are_seen(world):
    quest = Quest.objects.get(quest_id=BURNING_DEVICE)
    (before,), _ = ftb_search.find_quests(quest.title, 1)
    first = before.tasks.all()[0]
    Task.objects.filter(pk=first.pk).get().delete()
    (after,), _ = ftb_search.find_quests(quest.title, 1)
    assert first.pk not in [t.pk for t in after.tasks.all()]
    stamp = versions.current()
    other = Quest.objects.exclude(pk=quest.pk).first()
    quest.dependencies.add(other)
    assert versions.current() != stamp


def test_a_new_item_source_is_listed_by_the_next_lookup(world):
    before = lookup_sources("Flint")
    assert before.item is not None
    ItemSource.objects.create(
        key="test:flint-from-the-sky",
        origin="test",
        kind=SourceKind.MOB_DROP,
        item=Item.objects.get(item_id="minecraft:flint"),
        source_name="phantom",
        source_display_name="Phantom",
        chance=0.5,
    )
    after = lookup_sources("Flint")
    assert after.total == before.total + 1
    assert "Phantom" in after.dropped_by_mobs


def test_an_import_is_seen_by_the_next_call(world):
    assert queries.get_item("Golden Carrot") is not None
    assert queries.fuzzy_items("golden carot")
    import_minecraft_data(FIXTURES / "minecraft" / "data", "tiny")
    assert queries.get_item("Golden Carrot") is None
    assert not queries.fuzzy_items("golden carot")


def test_a_write_in_another_process_is_seen_through_the_version_row(world):
    # Another process's write changes the data and the row in one transaction; here
    # that is a raw UPDATE of both (no signal of this process runs).
    assert queries.get_item("Knapped Stone") is None
    Item.objects.filter(item_id="minecraft:flint").update(display_name="Knapped Stone")
    DataVersion.objects.update(stamp="written-by-another-process")
    assert queries.get_item("Knapped Stone").item_id == "minecraft:flint"


def test_a_write_rolled_back_leaves_the_cache_on_the_data_that_stayed(world):
    flint = Item.objects.get(item_id="minecraft:flint")

    def rename_read_and_fail():
        with transaction.atomic():
            flint.display_name = "Knapped Stone"
            flint.save()
            # Read inside the transaction: built from data that is about to vanish.
            assert queries.get_item("Knapped Stone") is not None
            raise RuntimeError("rolled back")

    with pytest.raises(RuntimeError):
        rename_read_and_fail()
    assert queries.get_item("Knapped Stone") is None
    assert queries.get_item("Flint").display_name == "Flint"


def test_without_the_version_row_nothing_is_kept_until_a_write_makes_it_again(world):
    DataVersion.objects.all().delete()
    assert versions.current() is None
    assert queries.get_item("Knapped Stone") is None
    Item.objects.filter(item_id="minecraft:flint").update(display_name="Knapped Stone")
    assert queries.get_item("Knapped Stone") is not None
    versions.bump()
    assert versions.current() is not None


def test_the_refresh_command_after_raw_edits_refreshes_the_caches_too(world):
    assert queries.get_item("Knapped Stone") is None
    Item.objects.filter(item_id="minecraft:flint").update(display_name="Knapped Stone")
    call_command("refresh_search_index", verbosity=0)
    assert queries.get_item("Knapped Stone") is not None


def test_items_handed_out_are_the_callers_own(world):
    item = queries.get_item("Flint")
    item.display_name = "Changed by a caller"
    assert queries.get_item("Flint").display_name == "Flint"


def test_a_warm_item_or_quest_lookup_reads_only_the_version(world, django_assert_num_queries):
    quest = Quest.objects.get(quest_id=BURNING_DEVICE)
    with versions.pinned():
        lookup_sources("iron pickaxe")
        ftb_search.find_quests(quest.title, 5)
    with django_assert_num_queries(1), versions.pinned():
        assert lookup_sources("iron pickaxe").has_crafting
    with django_assert_num_queries(1), versions.pinned():
        assert ftb_search.find_quests(quest.title, 5)[0][0].quest_id == BURNING_DEVICE
