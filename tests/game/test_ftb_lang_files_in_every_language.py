"""FTB Quests lang files in every language: a book whose text lives only in
``lang/zh_cn.snbt`` (FTB Quests 2101) imports with its real titles and articles, and a book
with several languages keeps every title in the name index."""

import shutil

import pytest

from agentweb.game.importers.ftbquests import import_ftbquests
from agentweb.game.models import Chapter, ChapterGroup, KnowledgeArticle, Quest, TitleSource
from agentweb.game.search.game_names import localized_names, names_matching

from .conftest import PACKS

pytestmark = pytest.mark.django_db

ZH_CN = """{
\tchapter.3000000000000001.title: "第一步"
\tchapter_group.3100000000000001.title: "早期"
\tfile.0000000000000001.title: "天空群岛"
\tquest.3000000000000011.quest_desc: ["打一块&2原木&r。" "" "然后把它做成木板。"]
\tquest.3000000000000011.quest_subtitle: "每段旅程都从木头开始"
\tquest.3000000000000011.title: "&a徒手撸树"
\treward.3000000000000211.title: "一点小东西"
\treward_table.3200000000000001.title: "空岛战利品"
\ttask.3000000000000111.title: "任意原木"
}
"""


def pack_with(tmp_path, *, keep_english: bool):
    pack = tmp_path / "skyward"
    shutil.copytree(PACKS / "skyward_single", pack)
    lang = pack / "config/ftbquests/quests/lang"
    if not keep_english:
        (lang / "en_us.snbt").unlink()
    (lang / "zh_cn.snbt").write_text(ZH_CN, encoding="utf-8")
    return pack


def test_a_book_with_only_chinese_lang_files_gets_its_chinese_titles(tmp_path):
    report = import_ftbquests(pack_with(tmp_path, keep_english=False), slug="sky")
    quest = Quest.objects.get(book__slug="sky", quest_id="3000000000000011")
    assert (quest.title, quest.title_source) == ("徒手撸树", TitleSource.LANG)
    assert quest.subtitle == "每段旅程都从木头开始"
    assert quest.description == "打一块原木。\n\n然后把它做成木板。"
    assert Chapter.objects.get(book=quest.book).title == "第一步"
    assert ChapterGroup.objects.get(book=quest.book).title == "早期"
    assert quest.book.name == "天空群岛"
    assert report.primary_language == "zh_cn"
    assert "languages: zh_cn" in "\n".join(report.lines())


def test_a_chinese_only_book_has_knowledge_articles(tmp_path):
    import_ftbquests(pack_with(tmp_path, keep_english=False), slug="sky")
    article = KnowledgeArticle.objects.get(key="quest:sky:3000000000000011")
    assert article.title == "徒手撸树"
    assert "然后把它做成木板。" in article.body


def test_every_language_s_titles_are_in_the_name_index(tmp_path):
    report = import_ftbquests(pack_with(tmp_path, keep_english=True), slug="sky")
    assert Quest.objects.get(book__slug="sky", quest_id="3000000000000011").title == "Punch a Tree"
    assert set(report.languages) == {"en_us", "zh_cn"}
    key = "sky/3000000000000011"
    assert localized_names("quest", [key], "zh_cn") == {key: "徒手撸树"}
    assert localized_names("quest", [key], "en_us") == {key: "Punch a Tree"}
    assert localized_names("chapter", ["sky/3000000000000001"], "zh-hans") == {
        "sky/3000000000000001": "第一步"
    }
    assert localized_names("reward_table", ["sky/3200000000000001"], "zh_cn") == {
        "sky/3200000000000001": "空岛战利品"
    }
    assert localized_names("book", ["sky"], "zh_cn") == {"sky": "天空群岛"}


def test_quests_and_chapters_are_found_by_their_chinese_names(tmp_path):
    import_ftbquests(pack_with(tmp_path, keep_english=True), slug="sky")
    quest = names_matching("撸树", kinds=["quest"])
    assert quest == []  # two characters: matched whole or as a prefix only
    quest = names_matching("徒手撸树", kinds=["quest"])[0]
    assert (quest.key, quest.language, quest.how) == ("sky/3000000000000011", "zh_cn", "exact")
    chapter = names_matching("第一步")[0]
    assert (chapter.kind, chapter.key) == ("chapter", "sky/3000000000000001")
    task = names_matching("任意原木", kinds=["task"])[0]
    assert task.key == "sky/3000000000000111"


def test_an_untitled_quest_is_named_in_the_primary_language(tmp_path):
    import_ftbquests(pack_with(tmp_path, keep_english=False), slug="sky")
    key = "sky/3000000000000012"
    assert localized_names("quest", [key], "zh_cn") == {key: "Oak Planks"}


def test_each_language_with_a_description_gets_its_own_article(tmp_path):
    import_ftbquests(pack_with(tmp_path, keep_english=True), slug="sky")
    articles = {
        a.key: (a.language, a.title)
        for a in KnowledgeArticle.objects.filter(key__startswith="quest:sky:")
    }
    assert articles == {
        "quest:sky:3000000000000011": ("en_us", "Punch a Tree"),
        "quest:sky:3000000000000011:zh_cn": ("zh_cn", "徒手撸树"),
    }
    zh = KnowledgeArticle.objects.get(key="quest:sky:3000000000000011:zh_cn")
    assert zh.body == "每段旅程都从木头开始\n\n打一块原木。\n\n然后把它做成木板。"


def test_a_quest_is_found_by_its_title_in_another_language(tmp_path):
    from agentweb.game import queries

    import_ftbquests(pack_with(tmp_path, keep_english=True), slug="sky")
    found, how = queries.match_quests("徒手撸树")
    assert [(q.quest_id, how) for q in found] == [("3000000000000011", "title")]


def test_the_quest_detail_comes_in_the_player_s_language(tmp_path):
    from agentweb.ftb.tools import load_detail

    import_ftbquests(pack_with(tmp_path, keep_english=True), slug="sky")
    zh = load_detail("3000000000000011", language="zh_cn").quest
    assert (zh.title, zh.chapter, zh.chapter_group) == ("徒手撸树", "第一步", "早期")
    assert zh.description == "每段旅程都从木头开始\n\n打一块原木。\n\n然后把它做成木板。"
    assert [q.title for q in zh.unlocks] == ["Oak Planks"]  # no Chinese title: as stored
    en = load_detail("3000000000000011").quest
    assert (en.title, en.subtitle) == ("Punch a Tree", "Every journey starts with wood")
