"""``database.query`` gives an article the knowledge base has in several languages once,
in the asker's language (the run's, or the tool input's ``language``): a Chinese run gets
the Chinese server article, an English run the English one, never both as two results.
The same holds for a quest's description in two languages; an article in no stated
language is given to everyone; an article with no version in the asker's language is
given as it is."""

from __future__ import annotations

import shutil

import pytest

from agentweb.game.demo import KNOWLEDGE_DIR, load_manual_articles
from agentweb.game.importers.ftbquests import import_ftbquests
from agentweb.game.models import ArticleSource, KnowledgeArticle
from tests.game.test_ftb_lang_files_in_every_language import ZH_CN
from tests.game.tool_kit import call_tool

from .conftest import PACKS

pytestmark = pytest.mark.django_db


@pytest.fixture
def articles():
    load_manual_articles(KNOWLEDGE_DIR)


def titles(query: str, language: str | None, limit: int = 3) -> list[str]:
    raw = {"query": query, "limit": limit}
    if language is not None:
        raw["language"] = language
    return [a["title"] for a in call_tool("database.query", raw).observation.get("articles", [])]


def test_a_chinese_search_gets_the_chinese_article(articles):
    out = call_tool("database.query", {"query": "连续签到 金币", "language": "zh_cn"})
    first = out.observation["articles"][0]
    assert first["title"] == "每日签到说明"
    assert "连续签到" in first["excerpt"]
    assert out.sources[0].title == "Article: 每日签到说明"


def test_an_english_search_gets_the_english_article(articles):
    assert titles("sign-in streak", "en_us")[0] == "How the daily sign-in works"


@pytest.mark.parametrize(
    ("language", "wanted"), [("en_us", "Server rules"), ("zh-hans", "服务器规则")]
)
def test_words_both_versions_share_find_the_article_once_in_the_asker_s_language(
    articles, language, wanted
):
    # "FTB Chunks" is written the same in the English rules and the Chinese ones.
    found = titles("FTB Chunks", language, limit=5)
    assert wanted in found
    assert {"Server rules", "服务器规则"} & set(found) == {wanted}


@pytest.mark.parametrize(
    ("language", "wanted"), [("en_us", "Server rules"), ("zh_cn", "服务器规则")]
)
def test_a_search_in_the_other_language_still_answers_in_the_asker_s(articles, language, wanted):
    # Found by its Chinese words, the rules come in English to an English run, and
    # found by its English words, in Chinese to a Chinese run.
    query = "矿透 作弊" if language == "en_us" else "x-ray cheating"
    assert titles(query, language)[:1] == [wanted]


def test_no_search_gives_two_versions_of_one_article(articles):
    for language in ("en_us", "zh_cn"):
        out = call_tool("database.query", {"query": "coins 金币", "limit": 5, "language": language})
        keys = [a.key for a in out.output.articles]
        stems = [KnowledgeArticle.objects.get(key=key).stem for key in keys]
        assert len(stems) == len(set(stems)) >= 2, keys


def test_an_article_in_no_stated_language_is_given_to_every_language(articles):
    KnowledgeArticle.objects.create(
        key="staff:lighthouse",
        source=ArticleSource.MANUAL,
        title="The lighthouse",
        body="The lighthouse at spawn is a protected build; its lamp needs glowstone.",
        tags="lighthouse",
    )
    assert titles("lighthouse glowstone", "zh_cn") == ["The lighthouse"]
    assert titles("lighthouse glowstone", "en_us") == ["The lighthouse"]


def quest_pack(tmp_path):
    pack = tmp_path / "skyward"
    shutil.copytree(PACKS / "skyward_single", pack)
    (pack / "config/ftbquests/quests/lang/zh_cn.snbt").write_text(ZH_CN, encoding="utf-8")
    return pack


def test_a_quest_description_in_two_languages_comes_once_in_the_asker_s(tmp_path):
    import_ftbquests(quest_pack(tmp_path), slug="sky")
    assert titles("原木 木板", "en_us") == ["Punch a Tree"]
    assert titles("原木 木板", "zh_cn") == ["徒手撸树"]
    assert titles("journey wood", "zh_cn") == ["徒手撸树"]


def test_an_article_only_in_another_language_is_given_as_it_is(tmp_path):
    import_ftbquests(quest_pack(tmp_path), slug="sky")
    KnowledgeArticle.objects.filter(key="quest:sky:3000000000000011:zh_cn").delete()
    assert titles("journey wood", "zh_cn") == ["Punch a Tree"]
