"""R-X3-1: "Cancel waiting messages" removes the messages that wait; the running answer
goes on, and nothing runs after it."""

import pytest

from tests.browser.conftest import ask, log_in, wait_finished

pytestmark = pytest.mark.browser


def test_cancelling_waiting_messages_leaves_the_running_answer_alone(slow_server, new_page):
    page = new_page()
    log_in(page, slow_server, "bob")
    first = ask(page, "What do I need for the quest Burning Device and where does it come from?")
    page.locator('.trace-entry[data-kind="round.started"]').first.wait_for()
    second = ask(page, "How do I craft a piston?")
    third = ask(page, "How do I craft a sticky piston?")
    page.locator("#inbox .inbox-count").filter(has_text="2").wait_for()

    page.click("#btn-cancel-waiting")
    page.locator("#inbox").wait_for(state="hidden")

    for turn in (second, third):
        assert "Cancelled before it ran" in turn.locator(".status").inner_text()
    assert wait_finished(first, timeout_ms=60_000) == "completed"
    page.wait_for_timeout(2000)  # a run that started now would show in the trace panel
    assert page.locator("details.trace").count() == 1
    assert second.get_attribute("data-run-id") is None
    assert third.get_attribute("data-run-id") is None
