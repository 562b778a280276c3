from django.core.management import call_command

from agentweb.game.demo import DEMO_BOOK, DEMO_PACK_DIR, MINECRAFT_DATA_DIR
from agentweb.game.importers.ftbquests import import_ftbquests
from agentweb.game.importers.minecraft import import_minecraft_data
from agentweb.game.models import Item, ItemSource, KnowledgeArticle, Quest, Reward, Task


def snapshot():
    return {
        "items": sorted(Item.objects.values_list("pk", "item_id", "display_name")),
        "sources": sorted(ItemSource.objects.values_list("pk", "key")),
        "quests": sorted(Quest.objects.values_list("pk", "quest_id", "title", "description")),
        "tasks": sorted(Task.objects.values_list("pk", "task_id", "item_display_name")),
        "rewards": sorted(Reward.objects.values_list("pk", "reward_id", "table_id")),
        "articles": sorted(KnowledgeArticle.objects.values_list("pk", "key", "body")),
    }


def test_reimporting_minecraft_data_changes_nothing(world):
    before = snapshot()

    report = import_minecraft_data(MINECRAFT_DATA_DIR, "1.20")

    assert not report.items.changed and not report.sources.changed
    assert report.items.unchanged == 1255
    assert snapshot() == before


def test_reimporting_the_pack_changes_nothing(world):
    before = snapshot()

    report = import_ftbquests(DEMO_PACK_DIR, slug=DEMO_BOOK)

    assert not report.changed
    assert report.counts["quests"].unchanged == 213
    assert snapshot() == before


def test_the_commands_print_their_counts(world, capsys):
    call_command("import_minecraft_data", str(MINECRAFT_DATA_DIR), "--version", "1.20")
    call_command("import_ftbquests", str(DEMO_PACK_DIR), "--slug", DEMO_BOOK)

    out = capsys.readouterr().out
    assert "items: 1255 (0 created, 0 updated, 0 deleted)" in out
    assert "quests: 213 (0 created, 0 updated, 0 deleted)" in out


def test_a_changed_quest_is_updated_in_place(world):
    quest = Quest.objects.get(quest_id="6D4DF04150746D33")
    Quest.objects.filter(pk=quest.pk).update(title="Edited by hand")

    report = import_ftbquests(DEMO_PACK_DIR, slug=DEMO_BOOK)

    assert report.counts["quests"].updated == 1
    assert Quest.objects.get(pk=quest.pk).title == "Kenetic Foundation"
