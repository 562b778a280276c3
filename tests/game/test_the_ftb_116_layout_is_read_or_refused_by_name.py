"""FTB Quests 1.16 keeps a chapter as a folder: chapter.snbt plus one file per quest, named by
the quest's id. It is imported like the newer one-file layouts; a layout that cannot be read
is an error naming the path, never a quest book with 0 quests."""

import pytest

from agentweb.game.importers.errors import ImportFailed
from agentweb.game.importers.ftbquests import import_ftbquests
from agentweb.game.models import Chapter, Quest

pytestmark = pytest.mark.django_db

CHAPTER = """{
\tid: "4c1a6d2c"
\tgroup: ""
\torder_index: 0
\tfilename: "getting_started"
\ttitle: "Getting Started"
\ticon: "minecraft:oak_sapling"
\tdefault_quest_shape: ""
\tquest_links: [ ]
}
"""
FIRST = """{
\ttitle: "Punch a Tree"
\tx: 0.0d
\ty: 0.0d
\tdescription: ["Every journey starts with &6wood&r."]
\ttasks: [{
\t\tuid: "1c2a3b4d"
\t\ttype: "item"
\t\titem: "minecraft:oak_log"
\t\tcount: 4L
\t}]
\trewards: [{
\t\tuid: "5e6f7a8b"
\t\ttype: "xp"
\t\txp: 10
\t}]
}
"""
SECOND = """{
\ttitle: "A Crafting Table"
\tx: 1.5d
\ty: 0.0d
\tdependencies: ["26e5b25a"]
\ttasks: [{
\t\tuid: "2d3e4f5a"
\t\ttype: "item"
\t\titem: "minecraft:crafting_table"
\t}]
}
"""


def _pack(tmp_path):
    quests = tmp_path / "legacy" / "config/ftbquests/quests"
    chapter = quests / "chapters" / "getting_started"
    chapter.mkdir(parents=True)
    (quests / "data.snbt").write_text('{\n\ttitle: "Legacy Pack"\n\tversion: 11\n}\n')
    (chapter / "chapter.snbt").write_text(CHAPTER)
    (chapter / "26e5b25a.snbt").write_text(FIRST)
    (chapter / "7b0d2c2d.snbt").write_text(SECOND)
    return tmp_path / "legacy", chapter


def test_a_chapter_folder_imports_each_quest_file_with_its_tasks_and_dependencies(tmp_path):
    root, _ = _pack(tmp_path)

    report = import_ftbquests(root, slug="legacy")

    assert report.book == "Legacy Pack"
    chapters = Chapter.objects.filter(book__slug="legacy")
    assert list(chapters.values_list("title", flat=True)) == ["Getting Started"]
    quests = {q.title: q for q in Quest.objects.filter(book__slug="legacy")}
    assert set(quests) == {"Punch a Tree", "A Crafting Table"}
    punch, table = quests["Punch a Tree"], quests["A Crafting Table"]
    assert punch.quest_id == "0000000026E5B25A"
    assert [(t.item_id, t.count) for t in punch.tasks.all()] == [("minecraft:oak_log", 4)]
    assert punch.rewards.count() == 1
    assert list(table.dependencies.values_list("quest_id", flat=True)) == ["0000000026E5B25A"]


def test_a_chapter_folder_without_chapter_snbt_is_an_error_naming_it(tmp_path):
    root, chapter = _pack(tmp_path)
    (chapter / "chapter.snbt").unlink()

    with pytest.raises(ImportFailed) as caught:
        import_ftbquests(root, slug="legacy")

    assert caught.value.path.endswith("chapters/getting_started")
    assert "chapter.snbt" in caught.value.message
    assert not Quest.objects.filter(book__slug="legacy").exists()


def test_a_book_whose_chapters_hold_no_readable_quest_is_an_error(tmp_path):
    root, chapter = _pack(tmp_path)
    for quest in chapter.glob("*.snbt"):
        if quest.name != "chapter.snbt":
            quest.unlink()

    with pytest.raises(ImportFailed) as caught:
        import_ftbquests(root, slug="legacy")

    assert caught.value.path.endswith("chapters")
    assert "no quest could be read" in caught.value.message


@pytest.mark.parametrize("where", ["chapters", "chapter folder"])
def test_an_unknown_file_is_an_error_naming_it(tmp_path, where):
    root, chapter = _pack(tmp_path)
    folder = chapter.parent if where == "chapters" else chapter
    (folder / "old_binary.nbt").write_bytes(b"\x0a\x00\x00")

    with pytest.raises(ImportFailed) as caught:
        import_ftbquests(root, slug="legacy")

    assert caught.value.path.endswith("old_binary.nbt")
