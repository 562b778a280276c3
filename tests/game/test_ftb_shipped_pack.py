"""The shipped Create: Grand Expanse quest book, after import."""

from agentweb.game.models import (
    Chapter,
    ChapterGroup,
    KnowledgeArticle,
    Quest,
    QuestBook,
    Reward,
    TitleSource,
)


def test_the_book_chapters_and_quests_are_all_imported(world):
    book = QuestBook.objects.get(slug="create-grand-expanse")
    assert book.name == "Create: Grand Expanse"
    assert Chapter.objects.filter(book=book).count() == 5
    assert Quest.objects.filter(book=book).count() == 213
    assert ChapterGroup.objects.get(book=book).title == "Sub Chapters"
    assert Chapter.objects.get(filename="applied_energistics").group.title == "Sub Chapters"


def test_about_half_the_quests_are_named_by_the_fallback_order(world):
    untitled = Quest.objects.filter(title_source=TitleSource.FALLBACK)
    assert untitled.count() == 103
    assert world["quests"].notes["quests named by the fallback order"] == 103


def test_an_untitled_vanilla_item_quest_takes_the_vanilla_display_name(world):
    quest = Quest.objects.get(quest_id="2B9CD2BF87525F82")
    assert quest.title == "Crafting Table"
    assert quest.title_source == TitleSource.FALLBACK


def test_an_untitled_modded_item_quest_takes_the_prettified_id(world):
    assert Quest.objects.get(quest_id="2BD469631144C355").title == "Fluix Crystal"


def test_a_choice_reward_points_at_its_table_by_table_id(world):
    reward = Reward.objects.get(quest__quest_id="41B9ABFF89E857BC", type="choice")
    assert reward.table.title == "Beds"
    assert reward.table.table_id == "790E8643D801D9F0"
    assert reward.table.entries.count() == 16
    assert reward.details == {"exclude_from_claim_all": True}


def test_descriptions_lose_formatting_codes_and_book_markers(world):
    description = Quest.objects.get(title="Quality of your life").description
    assert "&" not in description
    assert "{@pagebreak}" not in description
    assert "Jade" in description
    assert "Keypad 0 Open configuration screen" in description


def test_quest_descriptions_feed_the_knowledge_base(world):
    article = KnowledgeArticle.objects.get(key="quest:create-grand-expanse:6D4DF04150746D33")
    assert article.title == "Kenetic Foundation"
    assert article.body.startswith("Unlocks Chapter 1")
    assert "golden ratio" in article.body
    assert article.quest.quest_id == "6D4DF04150746D33"
    assert "chapter_0_from_dust" in article.tag_list
