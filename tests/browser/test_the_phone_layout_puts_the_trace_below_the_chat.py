"""R-UI-1: readable on a phone — one column, the trace folded below the conversation."""

import pytest

from tests.browser.conftest import PHONE, ask, log_in, screenshot, wait_finished

pytestmark = pytest.mark.browser


def test_on_a_phone_the_trace_panel_sits_below_the_conversation(server, new_page):
    page = new_page(viewport=PHONE)
    log_in(page, server, "bob")

    turn = ask(page, "/item Furnace")
    wait_finished(turn)

    chat = page.locator(".conversation").bounding_box()
    trace = page.locator(".trace-panel").bounding_box()
    assert trace["y"] >= chat["y"] + chat["height"] - 1
    assert chat["width"] <= PHONE["width"]
    assert page.locator("#trace-details").get_attribute("open") is None
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    turn.scroll_into_view_if_needed()
    screenshot(page, "chat-phone")
