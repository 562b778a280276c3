"""R-X3-1: "Add to the running answer" sends a steering message: the running run reads it
at its next step and its answer covers the follow-up too."""

import pytest

from tests.browser.conftest import log_in, wait_finished

pytestmark = pytest.mark.browser


def test_a_follow_up_added_to_the_running_answer_is_answered_there(slow_server, new_page):
    page = new_page()
    log_in(page, slow_server, "bob")
    assert page.locator("#btn-steer").is_disabled()
    page.fill("#message", "How do I craft a piston?")
    page.keyboard.press("Escape")
    before = page.locator("#turns > li.turn").count()
    page.click("#btn-send")
    first = page.locator("#turns > li.turn").nth(before)
    page.locator('.trace-entry[data-kind="round.started"]').first.wait_for()

    page.fill("#message", "and how do I craft a sticky piston?")
    page.keyboard.press("Escape")
    page.click("#btn-steer")
    follow_up = page.locator("#turns > li.turn").nth(before + 1)
    page.locator('.trace-entry[data-kind="inbox.claimed"]').wait_for(timeout=30_000)

    assert wait_finished(first, timeout_ms=60_000) == "completed"
    answer = first.locator(".answer-text").inner_text()
    assert "Cobblestone" in answer and "Slimeball" in answer
    assert "sticky piston" in answer
    assert "Added to the running answer" in follow_up.locator(".status").inner_text()
    assert follow_up.get_attribute("data-run-id") is None
    assert page.locator("#btn-steer").is_disabled()
