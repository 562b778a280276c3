"""A question about what may be done with what the player has, or what becomes of it
("can I cash out my coins?", "will my streak reset if …", "我的金币能换钱吗"), asks a rule
of the server: it goes to the knowledge base, not to her profile. Asking to see her own
values still reads her profile."""

from __future__ import annotations

import pytest

from agentweb.game.demo import KNOWLEDGE_DIR, load_manual_articles
from agentweb.llm.offline import OfflinePlanner
from tests.planner.kit import run_with


@pytest.fixture
def articles(world):
    """The shipped server articles: the coin shop, the daily sign-in."""
    load_manual_articles(KNOWLEDGE_DIR)


@pytest.mark.parametrize(
    ("question", "quoted"),
    [
        ("could I trade my coins back into real money?", "real money"),
        ("does my streak start over when I miss a day?", "resets the streak"),
    ],
)
def test_an_english_question_about_a_rule_quotes_the_rule(articles, question, quoted):
    outcome = run_with(OfflinePlanner(), question)
    assert outcome.workflow == "system:question", outcome.workflow
    assert quoted in outcome.text, outcome.text
    assert "coins, sign-in streak" not in outcome.text  # no profile


@pytest.mark.parametrize("question", ["我的金币能换成人民币吗？", "我的连续签到断了会怎样？"])
def test_a_chinese_question_about_a_rule_goes_to_the_knowledge_base(articles, question):
    assert run_with(OfflinePlanner(), question).workflow == "system:question"


@pytest.mark.parametrize("question", ["how many coins have I got left?", "我还有多少金币？"])
def test_asking_to_see_her_own_coins_still_reads_her_profile(world, question):
    assert run_with(OfflinePlanner(), question).workflow == "system:reasoning"
