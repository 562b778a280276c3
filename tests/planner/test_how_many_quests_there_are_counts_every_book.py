""" "How many quests are there (in total, on the server)" / "服务器一共有多少个任务" counts every
quest book's chapters and quests — the words after "in" are no chapter — and a chapter
list cut at its limit says how many chapters it did not name. A book named is still that
book's count."""

from __future__ import annotations

from agentweb.game.models import Chapter, Quest
from tests.planner.kit import ask


def test_how_many_quests_there_are_in_total_counts_every_book(frostbell, saltmarsh):
    asked = ask("how many quests are there in total")
    assert asked.tools == ["ftb.quest.query"]
    chapters, quests = Chapter.objects.count(), Quest.objects.count()
    assert f"has {chapters} chapters and {quests} quests in all" in asked.text
    assert "could not find a chapter" not in asked.text


def test_how_many_quests_the_server_has_is_every_book_too(frostbell, saltmarsh):
    asked = ask("how many quests does the server have")
    assert f"{Quest.objects.count()} quests in all" in asked.text


def test_in_chinese_how_many_quests_the_server_has(frostbell, saltmarsh):
    asked = ask("服务器一共有多少个任务")
    assert f"所有任务书共有 {Chapter.objects.count()} 个章节、{Quest.objects.count()} 个任务" in (
        asked.text
    )


def test_a_book_named_is_counted_alone(frostbell, saltmarsh):
    asked = ask("霜钟谷一共有多少个任务？")
    assert "4 个章节、31 个任务" in asked.text


def test_a_chapter_list_cut_at_its_limit_says_how_many_it_left_out(frostbell, saltmarsh):
    from agentweb.ftb.quest_lists import list_quests
    from agentweb.ftb.tools import QuestQueryInput

    listed = list_quests(QuestQueryInput(limit=2))
    assert len(listed.chapters) == 2
    assert listed.more_chapters == Chapter.objects.count() - 2
    assert listed.total == Quest.objects.count()
