"""The chat page speaks English and Simplified Chinese (Django i18n, compiled catalog)."""

import json

import pytest

pytestmark = pytest.mark.django_db


def _boot(html: str) -> dict:
    start = html.index('<script id="chat-boot" type="application/json">')
    return json.loads(html[html.index(">", start) + 1 : html.index("</script>", start)])


def test_the_page_is_in_chinese_for_a_chinese_browser(client, alice, search_service):
    search_service("http://search.invalid")
    client.force_login(alice)

    html = client.get("/", HTTP_ACCEPT_LANGUAGE="zh-CN,zh;q=0.9").content.decode()

    assert "发送" in html and "允许网络搜索" in html and "实时轨迹" in html
    labels = _boot(html)["labels"]
    assert labels["approve"] == "确认"
    assert labels["status_undone"] == "已撤销"


def test_the_language_switcher_remembers_the_choice(client, alice):
    client.force_login(alice)

    response = client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})

    assert response.status_code == 302
    assert "停止" in client.get("/").content.decode()


def test_the_language_switcher_needs_the_csrf_token(alice):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)

    response = client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})

    assert response.status_code == 403


def test_english_stays_the_default(client, alice, search_service):
    search_service("http://search.invalid")
    client.force_login(alice)

    html = client.get("/").content.decode()

    assert "Allow web search" in html
