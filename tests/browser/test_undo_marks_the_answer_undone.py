"""R-MEM-1: with nothing written, Undo reverts the most recent run; the page marks its
answer undone. (A run that wrote comes first: test_undo_reaches_the_purchase_…)"""

import pytest

from tests.browser.conftest import ask, log_in, new_player, wait_finished

pytestmark = pytest.mark.browser


def _fresh_page(server, new_page, name):
    new_player(server, name)
    page = new_page()
    log_in(page, server, name)
    return page


def test_undo_marks_the_latest_answer_undone(server, new_page):
    page = _fresh_page(server, new_page, "undoer")
    turn = ask(page, "/item Iron Ingot")
    wait_finished(turn)
    run_id = int(turn.get_attribute("data-run-id"))

    page.click("#btn-undo")

    page.wait_for_function(
        "id => document.querySelector(`.turn[data-run-id='${id}']`).classList.contains('undone')",
        arg=run_id,
    )
    assert turn.get_attribute("data-status") == "undone"
    assert turn.locator(".undone-note").is_visible()
    assert server.query("SELECT status FROM assistant_run WHERE id = ?", run_id) == [("undone",)]


def test_undo_works_on_an_answer_from_before_a_reload(server, new_page):
    page = _fresh_page(server, new_page, "reloader")
    turn = ask(page, "/item Gold Ingot")
    wait_finished(turn)
    run_id = int(turn.get_attribute("data-run-id"))
    page.reload()
    page.wait_for_selector('#conn[data-state="connected"]')

    page.click("#btn-undo")

    reloaded = page.locator(f'.turn[data-run-id="{run_id}"]')
    page.wait_for_function(
        "id => document.querySelector(`.turn[data-run-id='${id}']`).classList.contains('undone')",
        arg=run_id,
    )
    assert reloaded.get_attribute("data-status") == "undone"
