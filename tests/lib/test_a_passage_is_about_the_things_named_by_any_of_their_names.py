"""One rule decides whether a passage is about what a question names, for the workflows'
searches and the offline planner's answers alike (``agentweb.lib.named_things``)."""

from agentweb.lib.named_things import about_named, found_about_named, names_of

BLAZE = {"kind": "entity", "name": "Blaze", "names": {"en_us": "Blaze", "zh_cn": "烈焰人"}}
CHAPTER = {"kind": "chapter", "name": "The Nether", "names": {}}


def test_every_name_of_the_items_mobs_and_quests_named_counts_but_no_chapter():
    assert names_of([BLAZE, CHAPTER]) == ("Blaze", "烈焰人")


def test_an_article_mentioning_a_name_in_another_language_is_about_it():
    article = {"title": "烈焰", "excerpt": "烈焰人只在火山生物群系出现。"}
    assert about_named(article, names_of([BLAZE]))


def test_an_article_sharing_only_the_questions_other_words_is_not_about_it():
    article = {"title": "Spawn", "excerpt": "There is no Nether on this server."}
    assert not about_named(article, names_of([BLAZE, CHAPTER]))


def test_when_nothing_is_named_every_article_is_about_it():
    assert about_named({"title": "Rules", "excerpt": "Be nice."}, names_of([CHAPTER]))


def test_a_search_is_about_the_things_named_when_one_of_its_articles_is():
    found = {
        "query": "Blaze",
        "articles": [
            {"title": "Spawn", "excerpt": "No Nether."},
            {"title": "Blazing", "excerpt": "Find a blaze in volcanic biomes."},
        ],
    }
    assert found_about_named(found, names_of([BLAZE]))


def test_what_was_searched_for_is_no_passage():
    assert not found_about_named({"query": "Blaze", "count": 0}, names_of([BLAZE]))
