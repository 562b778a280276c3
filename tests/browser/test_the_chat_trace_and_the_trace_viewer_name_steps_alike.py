"""SPEC §15: one description per event — the chat trace (render.js, live) and the trace
viewer's server-rendered rows (page/describe.py) name every step in the same words."""

import pytest

from tests.browser.conftest import ask, log_in, wait_finished

pytestmark = pytest.mark.browser

QUESTION = "What do I need for the quest Burning Device and where does it come from?"


def test_every_row_of_the_trace_viewer_reads_as_its_chat_trace_entry(server, new_page):
    alice = new_page()
    log_in(alice, server, "alice")
    turn = ask(alice, QUESTION)
    wait_finished(turn)
    run_id = turn.get_attribute("data-run-id")
    entries = alice.locator(f'.trace[data-run-id="{run_id}"] .trace-entry')
    entries.locator('xpath=self::*[@data-kind="run.finished"]').wait_for()
    logged = entries.evaluate_all(
        "els => els.map(e => [e.dataset.seq, e.dataset.kind, "
        "e.querySelector('.trace-title').textContent])"
    )
    chat = {seq: title for seq, _, title in logged}

    rita = new_page()
    log_in(rita, server, "rita")
    rita.goto(f"{server.url}/traces/runs/{run_id}/")
    rows = rita.locator("#timeline .tv-step").evaluate_all(
        "els => els.map(e => [e.dataset.seq, e.dataset.kind, "
        "e.querySelector('.tv-name').textContent])"
    )
    headings = rita.locator("#timeline .tv-round h3").all_inner_texts()

    kinds = {kind for _, kind, _ in rows}
    assert {"model.called", "tool", "answer", "run.finished"} <= kinds, kinds
    for seq, kind, name in rows:
        assert name == chat[seq], (kind, name, chat[seq])
    rounds = [title for _, kind, title in logged if kind == "round.started"]
    assert rounds and headings[1 : 1 + len(rounds)] == rounds, headings
