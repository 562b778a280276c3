"""Two articles that cover the same share of a question in a player's words (each has
one of its telling words) are no longer ranked by their lengths alone: the one whose
best sentence says more of the question — every word, the small ones too — comes first.
A sentence that answers echoes the question ("a grinder can only turn at 16 RPM");
one that only mentions its words ("Sails turn fast!") does not."""

from __future__ import annotations

from agentweb.game import queries
from agentweb.game.models import KnowledgeArticle


def _article(key: str, title: str, body: str) -> None:
    KnowledgeArticle.objects.create(key=key, source="manual", title=title, body=body)


def test_the_article_that_answers_comes_first(db):
    _article("sails", "Windmills", "Sails turn fast!\n\nThe new sails reach 32 RPM.")
    _article(
        "grinder",
        "Grinding",
        "Place the grinder under a press to crush ore.\n\n"
        "Be careful: a grinder can only turn at 16 RPM at most.",
    )
    found = queries.search_knowledge("how fast can a grinder turn?")
    assert [a.title for a in found][:1] == ["Grinding"]


def test_in_chinese_too(db):
    _article("lamp-night", "守夜", "每到半夜，塔上的灯就会自己亮起来。")
    _article("lamp-new", "新灯", "把新灯挂上塔顶，旧灯就不会再在午夜亮了。")
    found = queries.search_knowledge("怎样才能让旧灯半夜不再亮？")
    assert [a.title for a in found][:1] == ["新灯"]


def test_an_article_covering_more_of_the_question_still_comes_first(db):
    _article("sails", "Windmills", "Sails turn fast!\n\nThe new sails reach 32 RPM.")
    _article("grinder", "Grinding", "A grinder can only turn at 16 RPM at most.")
    found = queries.search_knowledge("how fast can the windmill sails turn?")
    assert [a.title for a in found][:1] == ["Windmills"]
