"""R-UI-1, R-AUTH-1 in a real browser: log in, land on the chat page, socket connected."""

import pytest

from tests.browser.conftest import log_in

pytestmark = pytest.mark.browser


def test_an_anonymous_visitor_is_sent_to_the_login_page(server, new_page):
    page = new_page()

    page.goto(f"{server.url}/")

    assert "/accounts/login/" in page.url


def test_alice_logs_in_and_sees_the_chat_page(server, new_page):
    page = new_page()

    log_in(page, server, "alice")

    assert page.url == f"{server.url}/"
    assert page.locator(".topbar .who").inner_text() == "alice"
    for control in ("#btn-stop", "#btn-undo", "#btn-forget", "#meters"):
        assert page.locator(control).is_visible()
    assert page.locator("#allow-web").count() == 0, "no search service is configured"
    assert page.locator("#conn").get_attribute("data-state") == "connected"
