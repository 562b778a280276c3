"""R-SEC-1 in the trace viewer: a <script> or <img onerror> from a model or a tool never runs.

The hostile run is imported into the live server (``manage.py import_trace``)
with the payload in the model's reply and request, the tool's output,
observation and card, the answer, its sources and the prompt snapshot.
"""

import json

import pytest

from tests.browser.conftest import log_in

pytestmark = pytest.mark.browser

SCRIPT = "<script>window.pwned = 'script'</script>"
IMG = "<img src=x onerror=\"window.pwned = 'img'\">"
PAYLOAD = f"{SCRIPT}{IMG}"
T = "2026-05-01T12:00:0{}+00:00"


def hostile_export() -> dict:
    model = {
        "round": 1,
        "purpose": "decide",
        "prompt": "react",
        "request": PAYLOAD,
        "reply": PAYLOAD,
        "tokens_in": 5,
        "tokens_out": 5,
        "latency_ms": 200.0,
    }
    tool = {
        "step_id": "r.s1",
        "tool": "item.source",
        "input": {"item": PAYLOAD},
        "observation": {"note": PAYLOAD},
        "output": {"html": PAYLOAD},
        "card": {"kind": "item", "title": PAYLOAD},
        "latency_ms": 300.0,
    }
    events = [
        ("run.started", {"question": PAYLOAD}),
        ("round.started", {"round": 1, "rounds_total": 2, "final_only": False}),
        ("model.called", model),
        ("decision", {"round": 1, "type": "item.source", "input": {"item": PAYLOAD}}),
        ("tool.started", {"step_id": "r.s1", "tool": "item.source", "input": {"item": PAYLOAD}}),
        ("tool.finished", tool),
        ("failure", {"round": 1, "failure": "tool_error", "message": PAYLOAD}),
        ("answer", {"text": PAYLOAD, "sources": [], "cards": []}),
        ("run.finished", {"status": "completed", "stop_reason": {"code": "answered"}}),
    ]  # fmt: skip
    return {
        "format": "agentweb.trace/v1",
        "run": {
            "id": 1, "player": PAYLOAD, "question": PAYLOAD, "answer": PAYLOAD,
            "workflow": "system:reasoning", "status": "completed",
            "stop_reason": {"code": "answered", "message": PAYLOAD},
            "sources": [{"n": 1, "title": PAYLOAD, "url": "javascript:window.pwned='url'"}],
            "cards": [{"kind": "item", "title": PAYLOAD}],
            "created_at": T.format(0), "started_at": T.format(0), "finished_at": T.format(2),
        },
        "policy_snapshot": {"modelCalls": 4},
        "prompt_snapshot": {"react": PAYLOAD},
        "usage": {},
        "events": [
            {"seq": n, "kind": kind, "ts": T.format(n // 5), "data": data}
            for n, (kind, data) in enumerate(events, 1)
        ],
    }  # fmt: skip


@pytest.fixture(scope="module")
def hostile_run(server, tmp_path_factory) -> int:
    path = tmp_path_factory.mktemp("hostile") / "hostile.json"
    path.write_text(json.dumps(hostile_export()))
    server._manage("import_trace", str(path), "--user", "alice")
    return server.query("SELECT max(id) FROM assistant_run")[0][0]


def _never_ran(page) -> None:
    page.wait_for_timeout(300)
    assert page.evaluate("window.pwned") is None
    assert page.locator("main img").count() == 0
    assert page.locator('main script:not([type="application/json"])').count() == 0


def test_hostile_model_tool_and_answer_text_is_shown_as_text(server, new_page, hostile_run):
    page = new_page()
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    log_in(page, server, "rita")

    page.goto(f"{server.url}/traces/runs/{hostile_run}/")
    # Every row and every pane open: all the text is in the rendered page.
    page.locator("details").evaluate_all("els => els.forEach(d => { d.open = true; })")

    _never_ran(page)
    for pane in ("reply", "request", "answer"):
        assert PAYLOAD in page.locator(f'[data-pane="{pane}"]').first.inner_text(), pane
    for pane in ("output", "observation", "card", "input"):  # pretty JSON: quotes escaped
        text = page.locator(f'[data-pane="{pane}"]').first.inner_text()
        assert SCRIPT in text and "<img src=x onerror=" in text, pane
    assert IMG in page.locator("#question").inner_text()
    assert SCRIPT in page.locator("#prompts pre").first.text_content()
    assert dialogs == []


@pytest.mark.parametrize("path", ["/traces/", "/traces/compare/?a={run}&b={run}"])
def test_the_list_and_the_comparison_keep_it_text_too(server, new_page, hostile_run, path):
    page = new_page()
    log_in(page, server, "rita")

    page.goto(server.url + path.format(run=hostile_run))

    _never_ran(page)
    assert SCRIPT in page.locator("main").inner_text()
