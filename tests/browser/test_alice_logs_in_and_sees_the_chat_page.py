"""R-UI-1, R-AUTH-1 in a real browser: log in, land on the chat page, socket connected."""

import pytest

from tests.browser.conftest import log_in
from tests.browser.server import PASSWORD

pytestmark = pytest.mark.browser


def test_an_anonymous_visitor_is_sent_to_the_login_page(server, new_page):
    page = new_page()

    page.goto(f"{server.url}/")

    assert "/accounts/login/" in page.url


def test_alice_logs_in_and_sees_the_chat_page(server, new_page):
    page = new_page()
    missing = []
    page.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)

    log_in(page, server, "alice")

    assert page.url == f"{server.url}/"
    assert page.locator(".topbar .who").inner_text() == "alice"
    for control in ("#btn-stop", "#btn-undo", "#btn-forget", "#meters"):
        assert page.locator(control).is_visible()
    assert page.locator("#allow-web").count() == 0, "no search service is configured"
    assert page.locator("#conn").get_attribute("data-state") == "connected"
    assert missing == [], "no request of the page is a 404 (the site's icon included)"
    icon = page.evaluate("fetch('/favicon.ico').then(r => [r.status, r.url])")
    assert icon == [200, f"{server.url}/static/agentweb/favicon.svg"]


@pytest.mark.parametrize(("who", "lands_on"), [("rita", "/traces/"), ("admin", "/admin/")])
def test_reviewers_and_admins_land_on_their_own_page(server, new_page, who, lands_on):
    page = new_page()
    page.goto(f"{server.url}/")
    page.fill("input[name=username]", who)
    page.fill("input[name=password]", PASSWORD)

    page.click("form.login button[type=submit]")

    page.wait_for_url(f"{server.url}{lands_on}")
