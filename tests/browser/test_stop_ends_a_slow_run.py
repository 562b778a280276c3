"""R-MEM-1, R-X3-3: Stop cancels a run in the middle of a slow model call."""

import pytest

from tests.browser.conftest import ask, log_in, wait_finished

pytestmark = pytest.mark.browser


def test_stop_cancels_a_slow_run_and_keeps_its_partial_trace(slow_server, new_page):
    page = new_page()
    log_in(page, slow_server, "bob")
    turn = ask(page, "What do I need for the quest Burning Device and where does it come from?")
    run_id = turn.get_attribute("data-run-id") or ""
    page.locator('.trace-entry[data-kind="run.started"]').wait_for()

    page.click("#btn-stop")

    assert wait_finished(turn, timeout_ms=10_000) == "cancelled"
    run_id = turn.get_attribute("data-run-id")
    kinds = page.locator(f'.trace[data-run-id="{run_id}"] .trace-entry').evaluate_all(
        "els => els.map(e => e.dataset.kind)"
    )
    assert kinds[0] == "run.started" and kinds[-1] == "run.finished"
    assert "answer" not in kinds
    assert slow_server.query("SELECT status FROM assistant_run WHERE id = ?", int(run_id)) == [
        ("cancelled",)
    ]


def test_a_reload_in_the_middle_of_a_run_replays_its_trace_once(slow_server, new_page):
    page = new_page()
    log_in(page, slow_server, "alice")
    turn = ask(page, "/reason Where does the Furnace come from?")
    page.locator('.trace-entry[data-kind="model.called"]').first.wait_for()

    page.reload()
    page.wait_for_selector('#conn[data-state="connected"]')
    turn = page.locator("#turns .turn").last

    assert wait_finished(turn, timeout_ms=30_000) == "completed"
    run_id = turn.get_attribute("data-run-id")
    seqs = page.locator(f'.trace[data-run-id="{run_id}"] .trace-entry').evaluate_all(
        "els => els.map(e => Number(e.dataset.seq))"
    )
    assert seqs == list(range(1, len(seqs) + 1))
    assert turn.locator(".answer-text").inner_text()


def test_stop_after_a_reload_keeps_what_the_run_found(slow_server, new_page):
    page = new_page()
    log_in(page, slow_server, "bob")
    ask(page, "/reason What do I need for the quest Burning Device and where does it come from?")
    page.locator('.trace-entry[data-kind="tool.finished"]').first.wait_for(timeout=30_000)

    page.reload()
    page.wait_for_selector('#conn[data-state="connected"]')
    turn = page.locator("#turns .turn").last
    page.locator("#btn-stop:enabled").wait_for()
    page.click("#btn-stop")

    assert wait_finished(turn, timeout_ms=15_000) == "cancelled"
    shown = [turn.locator(".answer-text").inner_text(), turn.locator(".cards").inner_text()]
    assert all(shown), "the stop message and the cards of what was found"
    page.reload()
    turn = page.locator("#turns .turn").last
    assert [turn.locator(".answer-text").inner_text(), turn.locator(".cards").inner_text()] == shown
