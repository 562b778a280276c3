"""R-SEC-1: markup in a message or an answer is shown as text and never runs."""

import pytest

from tests.browser.conftest import ask, wait_finished

pytestmark = pytest.mark.browser

PAYLOAD = "<img src=x onerror=alert(1)>"


def test_an_answer_containing_an_img_tag_is_rendered_as_text(alice_page):
    page = alice_page
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))

    # The item command answers with the name it could not find: the payload, verbatim.
    turn = ask(page, f"/item {PAYLOAD}")
    wait_finished(turn)
    page.wait_for_timeout(300)

    assert PAYLOAD in turn.locator(".answer-text").inner_text()
    assert PAYLOAD in turn.locator(".msg-player").inner_text()
    assert page.locator("#turns img, #traces img").count() == 0
    assert dialogs == []

    # The server-rendered history escapes it as well.
    page.reload()
    page.wait_for_selector('#conn[data-state="connected"]')
    page.wait_for_timeout(300)
    assert PAYLOAD in page.locator("#turns .turn").last.locator(".answer-text").inner_text()
    assert page.locator("#turns img").count() == 0
    assert dialogs == []
