"""R-X3-1: messages sent while a run is active wait in the inbox, each shown with its
place; when the running answer ends each becomes its own run, one at a time, with its
own answer."""

import pytest

from tests.browser.conftest import ask, log_in, screenshot, wait_finished

pytestmark = pytest.mark.browser


def _says(turn, text: str, timeout_ms: int = 40_000) -> None:
    turn.page.wait_for_function(
        "([el, text]) => el.querySelector('.status').textContent.includes(text)",
        arg=[turn.element_handle(), text],
        timeout=timeout_ms,
    )


def test_messages_sent_during_a_run_wait_with_their_place_and_each_gets_its_answer(
    slow_server, new_page
):
    page = new_page()
    log_in(page, slow_server, "bob")
    first = ask(page, "What do I need for the quest Burning Device and where does it come from?")
    page.locator('.trace-entry[data-kind="round.started"]').first.wait_for()

    second = ask(page, "How do I craft a piston?")
    third = ask(page, "How do I craft a sticky piston?")
    _says(second, "Waiting · 1st")
    _says(third, "Waiting · 2nd")
    inbox = page.locator("#inbox")
    assert inbox.is_visible()
    assert inbox.locator(".inbox-count").inner_text() == "2"
    # Nothing to rate yet: no answer is running or waiting for its 👍 / 👎.
    for turn in (first, second, third):
        assert turn.locator(".rating").is_hidden()
    screenshot(page, "chat-waiting-messages")

    assert wait_finished(first, timeout_ms=60_000) == "completed"
    _says(third, "Waiting · 1st")
    assert wait_finished(second, timeout_ms=60_000) == "completed"
    assert "Cobblestone" in second.locator(".answer-text").inner_text()
    assert wait_finished(third, timeout_ms=60_000) == "completed"
    assert "Slimeball" in third.locator(".answer-text").inner_text()
    assert inbox.is_hidden()
    # Nothing was read without an answer: the running loop claimed no message.
    assert page.locator('.trace-entry[data-kind="inbox.claimed"]').count() == 0
    runs = {turn.get_attribute("data-run-id") for turn in (first, second, third)}
    assert len(runs) == 3
