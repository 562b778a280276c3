"""Feedback on every answer: 👎 with a comment, seen by the player's other tab at once, kept
after a reload, changed to 👍 and cleared."""

import pytest

from tests.browser.conftest import ask, log_in, wait_finished

pytestmark = pytest.mark.browser


def _pressed(turn) -> list[str]:
    return turn.locator(".rating .rate").evaluate_all(
        "els => els.filter(e => e.getAttribute('aria-pressed') === 'true')"
        ".map(e => e.dataset.rating)"
    )


def _stored(server, run_id):
    return server.query("SELECT rating, comment FROM assistant_feedback WHERE run_id = ?", run_id)


def test_a_thumbs_down_with_a_comment_is_kept_changed_and_cleared(server, new_page):
    page, other_tab = new_page(), new_page()
    log_in(page, server, "bob")
    turn = ask(page, "/item Iron Ingot")
    wait_finished(turn)
    run_id = int(turn.get_attribute("data-run-id"))
    log_in(other_tab, server, "bob")
    mirrored = other_tab.locator(f'.turn[data-run-id="{run_id}"]')

    turn.locator(".rate-down").click()
    page.fill(".feedback-comment input", "The recipe grid is hard to read.")
    page.click(".feedback-comment button[type=submit]")

    turn.locator(".your-comment").wait_for()
    assert _pressed(turn) == ["-1"]
    assert turn.locator(".comment-text").inner_text() == "The recipe grid is hard to read."
    mirrored.locator(".your-comment").wait_for()
    assert _pressed(mirrored) == ["-1"]
    assert _stored(server, run_id) == [(-1, "The recipe grid is hard to read.")]

    page.reload()
    turn = page.locator(f'.turn[data-run-id="{run_id}"]')
    assert _pressed(turn) == ["-1"]
    assert turn.locator(".comment-text").inner_text() == "The recipe grid is hard to read."

    page.wait_for_selector('#conn[data-state="connected"]')
    turn.locator(".rate-up").click()
    page.wait_for_function(
        "el => el.dataset.rating === '1'", arg=turn.element_handle(), timeout=10_000
    )
    assert _stored(server, run_id) == [(1, "The recipe grid is hard to read.")]
    turn.locator(".rate-up").click()
    page.wait_for_function(
        "el => el.dataset.rating === '0'", arg=turn.element_handle(), timeout=10_000
    )
    assert _pressed(turn) == []
    assert turn.locator(".your-comment").is_hidden()
    assert _stored(server, run_id) == []
