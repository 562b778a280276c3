"""The shipped server articles load in English (``<name>.md``, key ``manual:<name>``, as
before) and in Simplified Chinese (``<name>.zh_cn.md``, key ``manual:<name>:zh_cn``),
each with its language, the two versions of one article sharing one stem; loading
again changes nothing, and a file named with no language code is refused by its name."""

from __future__ import annotations

import pytest

from agentweb.game.demo import KNOWLEDGE_DIR, load_manual_articles
from agentweb.game.importers.errors import ImportFailed
from agentweb.game.models import ArticleSource, KnowledgeArticle

pytestmark = pytest.mark.django_db

NAMES = {
    "asking-the-assistant",
    "coin-shop",
    "daily-sign-in",
    "getting-started",
    "quest-book",
    "server-rules",
}


def server_articles():
    # The game world other tests of the package import has quest articles too.
    return KnowledgeArticle.objects.filter(source=ArticleSource.MANUAL)


def test_the_english_articles_keep_their_keys_and_say_they_are_english():
    load_manual_articles(KNOWLEDGE_DIR)
    english = server_articles().filter(language="en_us")
    assert {a.key for a in english} == {f"manual:{name}" for name in NAMES}
    sign_in = english.get(key="manual:daily-sign-in")
    assert sign_in.title == "How the daily sign-in works"
    assert sign_in.source == ArticleSource.MANUAL


def test_every_article_has_a_chinese_version_in_chinese():
    load_manual_articles(KNOWLEDGE_DIR)
    chinese = server_articles().filter(language="zh_cn")
    assert {a.key for a in chinese} == {f"manual:{name}:zh_cn" for name in NAMES}
    sign_in = chinese.get(key="manual:daily-sign-in:zh_cn")
    assert sign_in.title == "每日签到说明"
    assert "基础 10 金币" in sign_in.body and "22 金币" in sign_in.body
    assert "签到" in sign_in.tag_list
    rules = chinese.get(key="manual:server-rules:zh_cn")
    assert "临时封禁" in rules.body and "FTB Chunks" in rules.body


def test_the_two_versions_of_an_article_share_one_stem():
    load_manual_articles(KNOWLEDGE_DIR)
    stems = {}
    for article in server_articles():
        stems.setdefault(article.stem, set()).add(article.language)
    assert stems == {f"manual:{name}": {"en_us", "zh_cn"} for name in NAMES}


def test_loading_the_articles_again_changes_nothing():
    load_manual_articles(KNOWLEDGE_DIR)
    before = {a.key: (a.pk, a.language, a.body) for a in server_articles()}
    counts = load_manual_articles(KNOWLEDGE_DIR)
    assert not counts.changed and counts.unchanged == 2 * len(NAMES)
    assert {a.key: (a.pk, a.language, a.body) for a in server_articles()} == before


def test_an_article_loaded_before_it_had_a_language_gets_english():
    KnowledgeArticle.objects.create(
        key="manual:coin-shop", source=ArticleSource.MANUAL, title="The coin shop", body="Old."
    )
    load_manual_articles(KNOWLEDGE_DIR)
    assert KnowledgeArticle.objects.get(key="manual:coin-shop").language == "en_us"


def test_a_file_named_with_no_language_code_is_refused_by_its_name(tmp_path):
    (tmp_path / "rules.md").write_text("# Rules\n\nBe kind.", encoding="utf-8")
    (tmp_path / "rules.chinese.md").write_text("# 规则\n\n友善。", encoding="utf-8")
    with pytest.raises(ImportFailed) as refused:
        load_manual_articles(tmp_path)
    assert "rules.chinese.md" in str(refused.value) and "zh_cn" in str(refused.value)
    assert not server_articles().exists()
