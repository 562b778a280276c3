"""R-FREE-2: a write asks the player first; confirming shows the result card and pays coins."""

import pytest

from tests.browser.conftest import ask, screenshot, wait_finished

pytestmark = pytest.mark.browser


def _balance(server) -> int:
    rows = server.query(
        "SELECT p.balance FROM game_playerprofile p JOIN auth_user u ON u.id = p.user_id "
        "WHERE u.username = 'alice'"
    )
    return rows[0][0]


def test_a_sign_in_waits_for_the_confirm_button_then_pays_coins(alice_page, server):
    page = alice_page
    before = _balance(server)

    turn = ask(page, "please sign me in")
    confirm = turn.locator(".confirm")
    confirm.locator(".confirm-approve").wait_for()

    assert _balance(server) == before
    assert turn.get_attribute("data-status") == "running"
    screenshot(page, "chat-pending-confirmation")
    confirm.locator(".confirm-approve").click()

    assert wait_finished(turn) == "completed"
    assert confirm.locator(".confirm-result").inner_text() == "Confirmed"
    card = turn.locator(".card-signin")
    assert "Daily sign-in" in card.locator("h3").inner_text()
    after = _balance(server)
    assert after > before
    assert str(after) in card.inner_text()
