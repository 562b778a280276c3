"""R-UI-1: the page shows the latest turns; htmx loads earlier ones above them."""

import pytest

from agentweb.assistant.page.history import HISTORY_RUNS
from tests.browser.conftest import ask, log_in, new_player, wait_finished

pytestmark = pytest.mark.browser


def test_the_earlier_messages_button_loads_older_turns(server, new_page):
    new_player(server, "historian")
    page = new_page()
    log_in(page, server, "historian")
    for n in range(HISTORY_RUNS + 2):
        wait_finished(ask(page, f"/item Stick {n}"))
    page.reload()
    page.wait_for_selector('#conn[data-state="connected"]')
    assert page.locator("#turns .turn").count() == HISTORY_RUNS
    first_shown = page.locator("#turns .turn .msg-player").first.inner_text()

    page.click("#turns .older button")

    page.locator("#turns .turn", has_text="/item Stick 0").wait_for()
    texts = page.locator("#turns .turn .msg-player").all_inner_texts()
    assert texts[0] == "/item Stick 0"
    assert texts.index(first_shown) == len(texts) - HISTORY_RUNS
