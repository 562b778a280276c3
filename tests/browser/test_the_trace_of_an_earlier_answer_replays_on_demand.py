"""R-UI-1: after a reload, the Trace link of an earlier answer replays its steps once."""

import pytest

from tests.browser.conftest import ask, wait_finished

pytestmark = pytest.mark.browser


def test_the_trace_link_replays_an_earlier_run(alice_page):
    page = alice_page
    turn = ask(page, "/reason Where does the Furnace come from?")
    wait_finished(turn)
    run_id = turn.get_attribute("data-run-id")
    answer = turn.locator(".answer-text").inner_text()
    cards = turn.locator(".card").count()
    page.reload()
    page.wait_for_selector('#conn[data-state="connected"]')
    assert page.locator(f'.trace[data-run-id="{run_id}"]').count() == 0

    page.click(f'.turn[data-run-id="{run_id}"] .show-trace')

    entries = page.locator(f'.trace[data-run-id="{run_id}"] .trace-entry')
    entries.locator('xpath=self::*[@data-kind="run.finished"]').wait_for()
    seqs = entries.evaluate_all("els => els.map(e => Number(e.dataset.seq))")
    assert seqs == list(range(1, len(seqs) + 1))
    # The answer is not shown a second time in the conversation.
    reloaded = page.locator(f'.turn[data-run-id="{run_id}"]')
    assert reloaded.locator(".answer-text").inner_text() == answer
    assert reloaded.locator(".card").count() == cards
