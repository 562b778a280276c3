"""R-X3-1: "Cancel waiting messages" removes the messages that wait; the running answer
goes on, and nothing runs after it."""

import pytest

from tests.browser.conftest import ask, log_in, wait_finished

pytestmark = pytest.mark.browser

# Asked only here: the database shows what became of them.
QUESTIONS = ["Which recipes use a piston? (cancelled)", "What is a slime block for? (cancelled)"]


def test_cancelling_waiting_messages_leaves_the_running_answer_alone(slow_server, new_page):
    page = new_page()
    log_in(page, slow_server, "bob")
    first = ask(page, "What do I need for the quest Burning Device and where does it come from?")
    page.locator('.trace-entry[data-kind="round.started"]').first.wait_for()
    second, third = (ask(page, question) for question in QUESTIONS)
    page.locator("#inbox .inbox-count").filter(has_text="2").wait_for()

    page.click("#btn-cancel-waiting")
    page.locator("#inbox").wait_for(state="hidden")

    for turn in (second, third):
        assert "Cancelled before it ran" in turn.locator(".status").inner_text()
    assert wait_finished(first, timeout_ms=60_000) == "completed"
    # In the database: both cancelled before the run ended, so neither became a run.
    found = slow_server.shell(
        "from agentweb.assistant.models import InboxEntry, Run\n"
        f"texts = {QUESTIONS!r}\n"
        "entries = InboxEntry.objects.filter(text__in=texts)\n"
        "print(sorted(entries.values_list('status', flat=True)))\n"
        "print(Run.objects.filter(question__in=texts).count())\n"
    )
    assert found.splitlines()[-2:] == ["['cancelled', 'cancelled']", "0"]
    assert second.get_attribute("data-run-id") is None
    assert third.get_attribute("data-run-id") is None
