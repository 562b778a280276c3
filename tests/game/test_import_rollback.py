"""A broken file leaves the database as it was, and the error names the file."""

import re

import pytest
from django.core.management import CommandError, call_command

from agentweb.game.importers.errors import ImportFailed
from agentweb.game.importers.ftbquests import import_ftbquests
from agentweb.game.models import Quest, QuestBook, Task

pytestmark = pytest.mark.django_db


def truncate(path):
    text = path.read_text()
    path.write_text(text[: len(text) // 2])


def state():
    return sorted(Quest.objects.values_list("quest_id", "title")), Task.objects.count()


def test_a_truncated_chapter_changes_nothing_and_names_the_file(pack_copy):
    pack = pack_copy("frontier")
    import_ftbquests(pack, slug="frontier")
    before = state()
    chapter = pack / "config/ftbquests/quests/chapters/beyond.snbt"
    truncate(chapter)
    # Make the other chapter differ too, so a partial write would show.
    basics = pack / "config/ftbquests/quests/chapters/basics.snbt"
    basics.write_text(basics.read_text().replace('"Getting Started"', '"Renamed"'))

    with pytest.raises(ImportFailed) as caught:
        import_ftbquests(pack, slug="frontier")

    assert caught.value.path.endswith("beyond.snbt")
    assert re.match(r"line \d+: (unterminated string|unexpected end of file)", caught.value.message)
    assert state() == before


def test_a_broken_first_import_creates_no_book(pack_copy):
    pack = pack_copy("frontier")
    truncate(pack / "config/ftbquests/quests/reward_tables/rare.snbt")

    with pytest.raises(ImportFailed):
        import_ftbquests(pack, slug="frontier")

    assert not QuestBook.objects.filter(slug="frontier").exists()


def test_a_syntax_error_names_the_line(pack_copy):
    pack = pack_copy("frontier")
    groups = pack / "config/ftbquests/quests/chapter_groups.snbt"
    groups.write_text('{\n\tchapter_groups: [{ id: "1A2B3C4D5E6F7081" title: }]\n}\n')

    with pytest.raises(ImportFailed) as caught:
        import_ftbquests(pack)

    assert "chapter_groups.snbt" in str(caught.value)
    assert "line 2" in str(caught.value)


def test_the_command_reports_the_broken_file(pack_copy):
    pack = pack_copy("frontier")
    truncate(pack / "config/ftbquests/quests/chapters/basics.snbt")

    with pytest.raises(CommandError, match=r"nothing imported: .*basics\.snbt: line \d+"):
        call_command("import_ftbquests", str(pack))


def test_a_broken_lang_json_names_the_file_and_position(pack_copy):
    pack = pack_copy("frontier")
    lang = pack / "kubejs/assets/frontier/lang/en_us.json"
    lang.write_text('{\n  "frontier.book.title": "Frontier Trails",\n}\n')

    with pytest.raises(ImportFailed) as caught:
        import_ftbquests(pack)

    assert caught.value.path.endswith("en_us.json")
    assert "line 3" in caught.value.message
