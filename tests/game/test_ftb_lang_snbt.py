"""1.21 packs keep their text in ``lang/en_us.snbt``, in one file or split per chapter."""

import pytest

from agentweb.game.importers.ftbquests import import_ftbquests
from agentweb.game.models import Chapter, ChapterGroup, Quest, QuestBook, Reward, TitleSource

from .conftest import PACKS

pytestmark = pytest.mark.django_db


@pytest.fixture(params=["skyward_single", "skyward_split"])
def skyward(request):
    import_ftbquests(PACKS / request.param)
    return QuestBook.objects.get(slug=request.param)


def test_quest_text_comes_from_the_lang_file(skyward):
    quest = Quest.objects.get(book=skyward, quest_id="3000000000000011")
    assert quest.title == "Punch a Tree"
    assert quest.title_source == TitleSource.LANG
    assert quest.subtitle == "Every journey starts with wood"
    assert quest.description == "Punch a log.\n\nThen turn it into planks."


def test_chapter_group_and_book_titles_come_from_the_lang_file(skyward):
    assert skyward.name.startswith("Skyward Isles")
    assert Chapter.objects.get(book=skyward).title == "First Steps"
    assert ChapterGroup.objects.get(book=skyward).title == "Early Game"


def test_task_reward_and_table_titles_come_from_the_lang_file(skyward):
    quest = Quest.objects.get(book=skyward, quest_id="3000000000000011")
    task = quest.tasks.get()
    assert task.title == "Any Log"
    assert task.item_id == "ftbfiltersystem:smart_filter"
    assert task.count == 4
    reward = Reward.objects.get(quest=quest)
    assert reward.title == "A Little Something"
    assert reward.table.title == "Isle Loot"


def test_an_untitled_quest_still_falls_back_to_its_item(skyward):
    quest = Quest.objects.get(book=skyward, quest_id="3000000000000012")
    assert quest.title_source == TitleSource.FALLBACK
    assert quest.title == "Oak Planks"


def test_the_split_layout_reads_every_file():
    import_ftbquests(PACKS / "skyward_split")
    assert QuestBook.objects.get(slug="skyward_split").name == "Skyward Isles (split)"
