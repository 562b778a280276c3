"""R-UI-1, R-X3-2: a multi-step question's trace arrives entry by entry, in order, once."""

from itertools import pairwise

import pytest

from tests.browser.conftest import ask, log_in, screenshot, wait_finished

pytestmark = pytest.mark.browser

QUESTION = "What do I need for the quest Burning Device and where does it come from?"
# Records when each trace entry is inserted, from the page's own point of view.
WATCH_TRACE = """
window.__traceLog = [];
new MutationObserver((mutations) => {
  for (const m of mutations) for (const node of m.addedNodes) {
    if (node.classList && node.classList.contains("trace-entry")) {
      window.__traceLog.push({seq: Number(node.dataset.seq), kind: node.dataset.kind,
                              at: performance.now()});
    }
  }
}).observe(document.getElementById("traces"), {childList: true, subtree: true});
"""


# Every value the time-left meter shows, from the page's own point of view.
WATCH_TIME = """
window.__timeLeft = [];
const timeText = document.querySelector('#meters [data-meter="time"] .meter-text');
new MutationObserver(() => {
  const text = timeText.textContent;
  if (text.endsWith(" s") && window.__timeLeft.at(-1) !== text) window.__timeLeft.push(text);
}).observe(timeText, {childList: true, characterData: true, subtree: true});
"""


def _in_order(kinds: list[str], expected: list[str]) -> bool:
    """``expected`` appears in ``kinds`` as a subsequence."""
    position = 0
    for kind in kinds:
        if position < len(expected) and kind == expected[position]:
            position += 1
    return position == len(expected)


def test_the_trace_of_a_multi_step_question_appears_step_by_step(alice_page):
    page = alice_page
    page.evaluate(WATCH_TRACE)

    turn = ask(page, QUESTION)
    status = wait_finished(turn)

    log = page.evaluate("window.__traceLog")
    kinds = [entry["kind"] for entry in log]
    assert status == "completed"
    assert [entry["seq"] for entry in log] == list(range(1, len(log) + 1))
    assert _in_order(
        kinds,
        [
            "run.started",
            "route.decided",
            "round.started",
            "model.called",
            "decision",
            "tool.started",
            "tool.finished",
            "round.started",
            "model.called",
            "decision",
            "tool.started",
            "tool.finished",
            "answer",
            "run.finished",
        ],
    )
    assert kinds.count("tool.finished") >= 2
    # One by one: the model calls take time, so entries come in several batches.
    moments = {round(entry["at"] / 50) for entry in log}
    assert len(moments) >= 4
    assert log[-1]["at"] - log[0]["at"] > 300

    answer = turn.locator(".answer-text").inner_text()
    assert "Burning Device" in answer and "Furnace" in answer
    grid = turn.locator(".card-item .recipe-grid td")
    assert grid.count() == 9
    assert "Cobblestone" in grid.first.inner_text()
    assert page.locator('#meters [data-meter="rounds"] .meter-text').inner_text() == "3 / 3"
    # The offline planner's calls are rules, not a model writing: no speed is shown.
    calls = page.locator('.trace-entry[data-kind="model.called"]').all_inner_texts()
    assert calls and not any("tok/s" in call for call in calls)
    screenshot(page, "chat-multi-step")


def test_time_left_counts_down_from_the_first_event(slow_server, new_page):
    page = new_page()
    log_in(page, slow_server, "bob")
    page.evaluate(WATCH_TIME)

    turn = ask(page, "/reason Where does the Furnace come from?")
    page.locator('.trace-entry[data-kind="round.started"]').first.wait_for(timeout=30_000)
    page.click("#btn-stop")
    wait_finished(turn, timeout_ms=15_000)

    shown = [float(text.removesuffix(" s")) for text in page.evaluate("window.__timeLeft")]
    # From the start: seconds left of the router's budget, never the seconds spent.
    assert shown and shown[0] > 60
    assert all(later <= earlier for earlier, later in pairwise(shown))
