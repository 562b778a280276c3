"""Quest search, quest detail and item ↔ quest lookups over the shipped book."""

from agentweb.game import queries


def test_quests_are_found_by_title_best_match_first(world):
    found = queries.find_quests("andesite")
    assert found[0].title == "Andesite"
    assert {q.title for q in found} >= {"Durable Andesite", "Andesite (Fast)"}
    assert found[0].chapter.title == "Chapter 0: From Dust"


def test_a_quest_is_found_by_its_hex_id(world):
    (quest,) = queries.find_quests("6d4df04150746d33")
    assert quest.title == "Kenetic Foundation"


def test_quest_detail_loads_everything_in_a_few_queries(world, django_assert_max_num_queries):
    # The quest, its tasks, its rewards, and its links both ways in one statement.
    with django_assert_max_num_queries(4):
        detail = queries.quest_detail("6D4DF04150746D33")
        tasks = [(t.item_id, t.count) for t in detail.tasks]
        before = sorted(q.title for q in detail.dependencies)
        after = sorted(q.title for q in detail.dependents)
        chapters = {q.chapter.title for q in detail.dependencies}
    assert detail.quest.subtitle == "Unlocks Chapter 1"
    assert tasks == [("create:andesite_casing", 8)]
    assert before == ["Durable Andesite", "Stripped Logs"]
    assert after == ["Friendly Reminder", "More Andesite Alloy"]
    assert chapters == {"Chapter 0: From Dust"}
    assert [q.order for q in detail.dependencies] == sorted(q.order for q in detail.dependencies)


def test_quest_detail_includes_reward_table_entries(world, django_assert_max_num_queries):
    detail = queries.quest_detail("41B9ABFF89E857BC")
    with django_assert_max_num_queries(0):
        (reward,) = detail.rewards
        entries = [entry.item_id for entry in reward.table.entries.all()]
    assert "minecraft:red_bed" in entries


def test_an_unknown_quest_id_gives_none(world):
    assert queries.quest_detail("0000000000000000") is None


def test_quests_rewarding_an_item_include_reward_tables(world):
    (torch,) = queries.quests_rewarding_item("minecraft:torch")
    assert torch.quest.title == "Crafting Table"
    assert torch.count == 16
    (bed,) = queries.quests_rewarding_item("red_bed")
    assert bed.quest.title == "Friendly Reminder"
    assert bed.table.title == "Beds"


def test_quests_requiring_an_item_are_found_by_its_id(world):
    (task,) = queries.quests_requiring_item("minecraft:andesite")
    assert task.quest.title == "Andesite"
    assert task.count == 24
