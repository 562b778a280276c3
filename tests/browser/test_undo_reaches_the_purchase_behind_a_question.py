"""Undo reaches the write: a purchase, then a read-only question; Undo sits on the purchase,
reverts it, says what it reverted, clears older notices and leaves the page where it was."""

import pytest

from tests.browser.conftest import ask, screenshot, wait_finished

pytestmark = pytest.mark.browser


def _balance(server) -> int:
    sql = (
        "SELECT p.balance FROM game_playerprofile p JOIN auth_user u ON u.id = p.user_id "
        "WHERE u.username = 'alice'"
    )
    return server.query(sql)[0][0]


def test_undo_refunds_the_purchase_behind_a_later_question(alice_page, server):
    page = alice_page
    before = _balance(server)
    purchase = ask(page, "buy 2 bread")
    purchase.locator(".confirm-approve").click()
    assert wait_finished(purchase) == "completed"
    question = ask(page, "what is my balance?")
    assert wait_finished(question) == "completed"
    assert _balance(server) == before - 10

    # The Undo button is on the purchase, not on the question after it.
    assert purchase.locator(".undo-turn").is_visible()
    assert question.locator(".undo-turn").is_hidden()
    page.fill("#message", "x" * 70_000)
    page.click("#btn-send")
    page.locator("#notices .notice-error").wait_for()
    page.fill("#message", "")
    purchase.locator(".undo-turn").scroll_into_view_if_needed()
    scrolled = page.evaluate("window.scrollY")

    purchase.locator(".undo-turn").click()

    notice = page.locator("#notices .notice", has_text="Refunded 10 coins")
    notice.wait_for()
    assert notice.inner_text() == "Refunded 10 coins; 2× Bread will not be delivered."
    assert notice.is_visible() and notice.bounding_box()["y"] >= 0, "read where the player is"
    assert page.locator("#notices .notice-error").count() == 0, "older notices are cleared"
    assert purchase.get_attribute("data-status") == "undone"
    assert question.get_attribute("data-status") == "completed"
    assert page.evaluate("window.scrollY") == scrolled, "the page stays where it was"
    assert _balance(server) == before
    # Undo moves on (to an earlier write of alice's, or else to the question).
    purchase.locator(".undo-turn").wait_for(state="hidden")
    purchase.scroll_into_view_if_needed()
    screenshot(page, "chat-undo")
