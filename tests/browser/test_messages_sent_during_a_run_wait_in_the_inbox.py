"""R-X3-1: a message sent while a run is active is queued, shown, then read by the loop."""

import pytest

from tests.browser.conftest import ask, log_in, wait_finished

pytestmark = pytest.mark.browser


def test_a_second_message_waits_in_the_inbox_until_the_loop_reads_it(slow_server, new_page):
    page = new_page()
    log_in(page, slow_server, "bob")
    first = ask(page, "What do I need for the quest Burning Device and where does it come from?")
    page.locator('.trace-entry[data-kind="round.started"]').first.wait_for()

    second = ask(page, "And what about the Iron Ingot?")

    inbox = page.locator("#inbox")
    inbox.wait_for(state="visible")
    assert inbox.locator(".inbox-count").inner_text() == "1"
    assert "Queued" in second.locator(".status").inner_text()
    assert wait_finished(first, timeout_ms=40_000) == "completed"
    assert page.locator('.trace-entry[data-kind="inbox.claimed"]').count() == 1
    assert inbox.is_hidden()
    assert "Read by the assistant" in second.locator(".status").inner_text()
