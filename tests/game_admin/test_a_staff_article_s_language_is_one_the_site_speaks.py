"""In the admin, a staff article's language is chosen from the languages the site speaks
(English, Simplified Chinese) or left as any language; an imported article keeps the
language it came with."""

from __future__ import annotations

import pytest
from django.urls import reverse

from agentweb.game.models import ArticleSource, KnowledgeArticle

pytestmark = pytest.mark.django_db


def article(language: str = "") -> dict[str, str]:
    return {
        "key": "staff:events",
        "source": ArticleSource.MANUAL,
        "language": language,
        "title": "活动",
        "body": "每周六晚上八点有建筑比赛。",
        "tags": "活动",
    }


def test_the_language_is_chosen_from_the_site_s_languages(admin_client):
    page = admin_client.get(reverse("admin:game_knowledgearticle_add")).content.decode()
    for value in ('value=""', 'value="en_us"', 'value="zh_cn"'):
        assert value in page
    response = admin_client.post(reverse("admin:game_knowledgearticle_add"), article("zh_cn"))
    assert response.status_code == 302
    assert KnowledgeArticle.objects.get(key="staff:events").language == "zh_cn"


def test_an_article_may_be_for_every_language(admin_client):
    admin_client.post(reverse("admin:game_knowledgearticle_add"), article(""))
    assert KnowledgeArticle.objects.get(key="staff:events").language == ""


def test_a_language_the_site_does_not_offer_is_refused(admin_client):
    response = admin_client.post(reverse("admin:game_knowledgearticle_add"), article("xx"))
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not KnowledgeArticle.objects.exists()


def test_an_imported_article_keeps_its_own_language(admin_client):
    imported = KnowledgeArticle.objects.create(
        key="quest:book:0000000000000001:ja_jp",
        source=ArticleSource.QUEST,
        language="ja_jp",
        title="はじめに",
        body="木を切ろう。",
    )
    url = reverse("admin:game_knowledgearticle_change", args=[imported.pk])
    assert 'value="ja_jp" selected' in admin_client.get(url).content.decode()
    data = {**article("ja_jp"), "key": imported.key, "source": ArticleSource.QUEST}
    assert admin_client.post(url, data).status_code == 302
    imported.refresh_from_db()
    assert (imported.language, imported.title) == ("ja_jp", "活动")
