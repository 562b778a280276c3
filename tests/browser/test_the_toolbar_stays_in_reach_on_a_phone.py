"""On a phone, Stop, Undo and Forget stay on screen while a long answer runs and scrolls."""

import pytest

from tests.browser.conftest import PHONE, ask, log_in, wait_finished

pytestmark = pytest.mark.browser

CONTROLS = ("#btn-stop", "#btn-undo", "#btn-forget")


def _reachable(page, selector: str) -> bool:
    """The control is inside the viewport and nothing covers its middle."""
    return page.evaluate(
        """sel => {
            const box = document.querySelector(sel).getBoundingClientRect();
            const x = box.left + box.width / 2, y = box.top + box.height / 2;
            return box.top >= 0 && box.bottom <= window.innerHeight
                && document.elementFromPoint(x, y) === document.querySelector(sel);
        }""",
        selector,
    )


def test_stop_undo_and_forget_stay_reachable_during_a_run(slow_server, new_page):
    page = new_page(viewport=PHONE)
    log_in(page, slow_server, "bob")
    for question in ("/item Iron Ingot", "/item Furnace"):
        wait_finished(ask(page, question))
    assert page.locator("#btn-stop").is_disabled(), "nothing runs: nothing to stop"

    turn = ask(page, "/reason Where does the Furnace come from?")
    page.locator("#btn-stop:enabled").wait_for()
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")

    assert page.evaluate("window.scrollY") > 0, "the conversation is taller than the screen"
    assert all(_reachable(page, control) for control in CONTROLS)
    page.click("#btn-stop")
    assert wait_finished(turn, timeout_ms=15_000) == "cancelled"
    page.locator("#btn-stop:disabled").wait_for()
