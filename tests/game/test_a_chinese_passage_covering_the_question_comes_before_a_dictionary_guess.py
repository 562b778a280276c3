"""With a Chinese question's words searched in English, an English passage found through a
dictionary's senses and a Chinese passage found through the question's own characters are
ranked on different scales: the passage covering more of the question comes first."""

from __future__ import annotations

from agentweb.game.queries import search_knowledge
from tests.game.articles import article


def test_the_rules_that_say_the_question_s_word_come_before_a_guide_matching_its_senses(world):
    article(
        "guide",
        title="The quest book",
        body="Open the quest book from the icon in your inventory. Mine ores to open new "
        "chapters; a title is granted for each chapter you finish. Open it again anytime.",
    )
    article(
        "rules",
        title="服务器规则",
        body="服务器开放期间禁止使用矿透材质包和透视模组，第一次警告，再犯封禁。",
        language="zh_cn",
    )
    found = [a.key for a in search_knowledge("开矿透会被封吗？")]
    assert found[:1] == ["manual:rules"], found
