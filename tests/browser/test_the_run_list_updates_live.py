"""The trace viewer's run list is live: a run a player starts appears while it runs and
shows how it ended, with its feedback, without a reload — the server rings the
reviewer's socket (``runs.follow``), nothing is polled; ticked rows stay ticked."""

import pytest

from tests.browser.conftest import ask, log_in, new_player, screenshot, wait_finished

pytestmark = pytest.mark.browser


def test_a_new_run_appears_and_finishes_in_the_list_without_a_reload(server, new_page):
    rita = new_page(locale="zh-CN")
    log_in(rita, server, "rita")
    new_player(server, "lister")
    alice = new_page()
    log_in(alice, server, "lister")
    first = ask(alice, "/item Furnace")
    wait_finished(first)
    earlier = first.get_attribute("data-run-id")
    rita.goto(f"{server.url}/traces/")
    # The list follows runs over the socket (a push, not a poll).
    rita.wait_for_selector('#live-state[data-state="live"]')
    assert "比较勾选的两次运行" in rita.locator("#compare-form").inner_text(), "in Chinese"
    rita.check(f'input[name=run][value="{earlier}"]')

    turn = ask(alice, "/item Iron Ingot")
    wait_finished(turn)
    run_id = turn.get_attribute("data-run-id")
    row = rita.locator(f'#runs tr[data-run="{run_id}"]')
    row.wait_for(timeout=15_000)
    rita.wait_for_function(
        "id => document.querySelector(`#runs tr[data-run='${id}']`).dataset.status === 'completed'",
        arg=run_id,
        timeout=15_000,
    )
    turn.locator(".rate-down").click()
    rita.locator(f'#runs tr[data-run="{run_id}"] .tv-rating-down').wait_for(timeout=15_000)

    assert rita.locator(f'input[name=run][value="{earlier}"]').is_checked()
    assert "已完成" in rita.locator(f'#runs tr[data-run="{run_id}"]').inner_text()
    screenshot(rita, "trace-runs-zh")
