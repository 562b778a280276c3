"""The chat page offers "Allow web search" only when a search service is configured and
the admin's external search switch is on: otherwise the box would do nothing."""

import pytest

pytestmark = pytest.mark.django_db


def test_without_a_search_service_the_page_has_no_web_search_box(client, alice, search_service):
    search_service(None)
    client.force_login(alice)
    html = client.get("/").content.decode()
    assert 'id="allow-web"' not in html
    assert "Allow web search" not in html


def test_with_a_search_service_the_box_is_there(client, alice, search_service):
    search_service("http://search.invalid")
    client.force_login(alice)
    assert 'id="allow-web"' in client.get("/").content.decode()
