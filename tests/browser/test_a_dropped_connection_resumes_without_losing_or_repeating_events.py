"""R-X3-2, SPEC §15: after a dropped socket the page reconnects with backoff, resumes
each run with run.subscribe + after_seq, and resends unacknowledged messages once."""

import time

import pytest

from tests.browser.conftest import ask, log_in, wait_finished
from tests.browser.proxy import CuttableProxy

pytestmark = pytest.mark.browser

QUESTION = "What do I need for the quest Burning Device and where does it come from?"
# Long enough for the server to emit events the page cannot receive.
OUTAGE_S = 2.5


@pytest.fixture
def proxy(slow_server):
    proxied = CuttableProxy(slow_server.port)
    yield proxied
    proxied.close()


def _seqs(page, run_id: str) -> list[int]:
    return page.locator(f'.trace[data-run-id="{run_id}"] .trace-entry').evaluate_all(
        "els => els.map(e => Number(e.dataset.seq))"
    )


def test_events_missed_while_offline_are_replayed_once(proxy, slow_server, new_page):
    page = new_page()
    sockets = []
    page.on("websocket", lambda ws: sockets.append(ws))
    log_in(page, proxy, "alice")
    turn = ask(page, QUESTION)
    page.locator('.trace-entry[data-kind="tool.started"]').first.wait_for()

    proxy.cut(refuse=True)
    page.wait_for_selector('#conn[data-state="reconnecting"]')
    time.sleep(OUTAGE_S)
    proxy.restore()

    assert wait_finished(turn, timeout_ms=40_000) == "completed"
    run_id = turn.get_attribute("data-run-id")
    seqs = _seqs(page, run_id)
    last_seq = slow_server.query("SELECT last_seq FROM assistant_run WHERE id = ?", int(run_id))
    assert seqs == list(range(1, last_seq[0][0] + 1))
    assert len(sockets) >= 2
    assert turn.locator(".answer-text").inner_text().count("Burning Device") == 1


def test_a_message_sent_while_offline_is_delivered_once(proxy, slow_server, new_page):
    page = new_page()
    log_in(page, proxy, "bob")

    proxy.cut(refuse=True)
    page.wait_for_selector('#conn[data-state="reconnecting"]')
    turn = ask(page, "/item Bread")
    assert turn.get_attribute("data-status") == "sending"
    proxy.restore()

    assert wait_finished(turn, timeout_ms=30_000) == "completed"
    assert "Bread" in turn.locator(".answer-text").inner_text()
    assert page.locator("#turns .turn", has_text="/item Bread").count() == 1
    runs = slow_server.query(
        "SELECT COUNT(*) FROM assistant_run r JOIN auth_user u ON u.id = r.user_id "
        "WHERE u.username = 'bob' AND r.question = '/item Bread'"
    )
    assert runs == [(1,)]
