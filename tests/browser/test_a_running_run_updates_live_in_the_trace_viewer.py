"""R-UI-2 live: rita watches alice's running run grow on its detail page, then finish in place.

The slow server takes 1.5 s per model call, so the page opens mid-run; every
later event arrives over the websocket (run.subscribe after the rendered seq)
and is appended with textContent — the question carries markup that must not run.
"""

import json
import re

import pytest

from tests.browser.conftest import ask, log_in, screenshot

pytestmark = pytest.mark.browser

QUESTION = "What do I need for the quest Burning Device and where does it come from?"
IMG = "<img src=x onerror=\"window.pwned = 'live'\">"
FINISHED = '#run:is([data-status="completed"], [data-status="degraded"], [data-status="failed"])'
# The finished run as the server renders it: its timeline has the run's end.
DONE = f'{FINISHED} #timeline .tv-step:not(.tv-live-step)[data-kind="run.finished"]'
# Every live row the page adds, as it adds it (the finished page replaces them), and the
# running run's round as the page shows it and each time it changes. Installed before the
# page's own scripts run, so nothing it does is missed.
WATCH_LIVE = """
window.__live = [];
window.__rounds = [];
new MutationObserver((mutations) => {
  for (const m of mutations) {
    for (const node of m.addedNodes) {
      if (node.classList && node.classList.contains("tv-live-step")) {
        window.__live.push([Number(node.dataset.seq), node.dataset.kind]);
      }
    }
    const rounds = document.getElementById("run-rounds");
    if (rounds && rounds.contains(m.target)) window.__rounds.push(rounds.textContent);
  }
}).observe(document, {childList: true, subtree: true, characterData: true});
"""


def _run_id(turn) -> str:
    turn.page.wait_for_function("el => el.dataset.runId", arg=turn.element_handle())
    return turn.get_attribute("data-run-id")


def test_rita_sees_a_running_run_grow_and_finish_without_reloading(slow_server, new_page):
    rita = new_page()
    log_in(rita, slow_server, "rita")
    alice = new_page()
    log_in(alice, slow_server, "alice")
    run_id = _run_id(ask(alice, f"{QUESTION} {IMG}"))

    rita.add_init_script(WATCH_LIVE)
    rita.goto(f"{slow_server.url}/traces/runs/{run_id}/")
    boot = rita.locator("#trace-boot").evaluate("el => JSON.parse(el.textContent)")
    rendered = int(boot["after_seq"])
    rita.wait_for_selector('#live-state[data-state="live"]')
    rita.wait_for_selector(DONE, timeout=45_000)

    live = rita.evaluate("window.__live")
    assert [seq for seq, _ in live] == list(range(rendered + 1, rendered + 1 + len(live)))
    assert len(live) >= 3, "the page opened mid-run"
    # While it ran, the page showed its round (from the server, then from each
    # round.started) — never a dash.
    shown = rita.evaluate("window.__rounds")
    assert shown and re.fullmatch(r"\d+ / \d+", shown[-1]), shown
    assert live[-1][1] == "run.finished"
    # The finished run in place, as a reload would show it: no "running" mark, the
    # workflow, the duration, the rounds and the last step.
    status = rita.locator("#run").get_attribute("data-status")
    assert rita.locator("#run-status").inner_text() == status
    assert rita.locator('#run-flags [data-flag="active"]').count() == 0
    assert rita.locator("#run-workflow").inner_text() == "system:reasoning"
    assert rita.locator("#run-duration").inner_text().endswith(" s")
    usage = json.loads(
        slow_server.query("SELECT usage FROM assistant_run WHERE id = ?", run_id)[0][0]
    )
    rounds = rita.locator('#budget [data-budget="rounds"] .tv-bar-value').inner_text()
    assert rounds.split() == [str(usage["rounds"]["used"]), "/", str(usage["rounds"]["limit"])]
    assert rita.locator('#timeline .tv-step[data-kind="run.finished"]').count() == 1
    assert rita.locator("#live-events > li").count() == 0, "the live rows gave way to the run"
    assert rita.evaluate("window.pwned") is None
    assert rita.locator("main img").count() == 0


def test_the_finished_run_reads_step_by_step_with_timings(slow_server, new_page):
    page = new_page(viewport={"width": 1280, "height": 1500})
    log_in(page, slow_server, "rita")
    alice = new_page()
    log_in(alice, slow_server, "alice")
    run_id = _run_id(ask(alice, QUESTION))
    page.goto(f"{slow_server.url}/traces/runs/{run_id}/")
    page.wait_for_selector(DONE, timeout=45_000)

    page.reload()
    model_rows = page.locator(".tv-step.tv-span-model")
    tool_rows = page.locator(".tv-step.tv-span-tool")
    durations = model_rows.locator(".tv-dur").all_inner_texts()
    tool_rows.first.locator("summary").first.click()

    assert model_rows.count() >= 2 and tool_rows.count() >= 1
    assert all(d.endswith(" s") for d in durations), "wall clock: 1.5 s per model call here"
    assert tool_rows.first.locator('[data-pane="observation"]').is_visible()
    assert page.locator("#live-events > li").count() == 0, "a finished run opens no socket"
    screenshot(page, "trace-detail")
