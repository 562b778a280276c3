"""Replies stream: "Thinking…" with its clock during a slow router call, then the answer
grows on screen while a real SSE model server on 127.0.0.1 is still writing it."""

import json

import pytest

from tests.browser.conftest import ask, log_in, wait_finished
from tests.browser.server import LiveServer
from tests.fakes.model_server import FakeModelServer, Reply

pytestmark = pytest.mark.browser

TEXT = (
    "Iron ingots come from smelting raw iron in a furnace or a blast furnace; "
    "each raw iron gives one ingot, and nine ingots make a block of iron."
)
# The router takes this long: long enough to see "Thinking…" tick.
ROUTER_DELAY_S = 2.0
# Between two pieces of the answer (about 40 pieces: four seconds of writing).
PIECE_DELAY_S = 0.1


def _reply(body: dict) -> Reply:
    user = json.loads(body["messages"][1]["content"])
    if user.get("task") == "route":
        return Reply(json.dumps({"workflow": "system:reasoning"}), delay_s=ROUTER_DELAY_S)
    answer = json.dumps({"type": "answer", "text": TEXT, "sources": []})
    return Reply(
        answer,
        chunks=[answer[i : i + 4] for i in range(0, len(answer), 4)],
        chunk_delay_s=PIECE_DELAY_S,
    )


@pytest.fixture(scope="module")
def model_server():
    with FakeModelServer(responder=_reply) as fake:
        yield fake


@pytest.fixture(scope="module")
def streaming_server(browser, model_server, tmp_path_factory):
    env = {
        "AGENTWEB_LLM": "openai",
        "AGENTWEB_LLM_BASE_URL": model_server.url,
        "AGENTWEB_LLM_MODEL": "fake-model",
    }
    live = LiveServer(tmp_path_factory.mktemp("streaming"), "streaming", env).start()
    yield live
    live.stop()


def test_thinking_shows_during_the_router_call_and_the_answer_grows_while_streaming(
    streaming_server, new_page
):
    page = new_page()
    log_in(page, streaming_server, "alice")
    turn = ask(page, "How would I go about getting iron ingots early on?")

    thinking = turn.locator(".thinking")
    thinking.wait_for()
    assert "Thinking…" in thinking.inner_text()
    started = page.locator('.trace-entry[data-kind="model.started"]')
    assert started.count() == 1 and "route" in started.first.inner_text()
    assert page.locator('.trace-entry[data-kind="model.called"]').count() == 0
    first = float(turn.locator(".thinking-time").inner_text().strip().split()[0])
    page.wait_for_timeout(500)
    later = float(turn.locator(".thinking-time").inner_text().strip().split()[0])
    assert later > first, "the clock of the call runs"
    assert page.locator('[data-meter="time"] .meter-text').inner_text() not in ("", "–")

    answer = turn.locator(".answer-text")
    page.wait_for_function("el => el.textContent.length > 10", arg=answer.element_handle())
    shown = answer.inner_text()
    page.wait_for_function(
        "([el, n]) => el.textContent.length > n", arg=[answer.element_handle(), len(shown)]
    )
    grown = answer.inner_text()
    assert TEXT.startswith(shown) and TEXT.startswith(grown) and len(grown) > len(shown)
    assert page.locator('.trace-entry[data-kind="answer"]').count() == 0, "still streaming"
    assert turn.get_attribute("data-status") == "running"

    assert wait_finished(turn) == "completed"
    assert answer.inner_text() == TEXT
    assert turn.locator(".thinking").count() == 0
    assert "first token" in page.locator('.trace-entry[data-kind="model.called"]').last.inner_text()


def test_the_answer_keeps_growing_after_a_message_queued_while_it_streams(
    streaming_server, new_page
):
    page = new_page()
    log_in(page, streaming_server, "bob")
    turn = ask(page, "How would I go about getting iron ingots early on?")
    answer = turn.locator(".answer-text")
    page.wait_for_function("el => el.textContent.length > 10", arg=answer.element_handle())

    ask(page, "And gold?")
    page.locator('.trace-entry[data-kind="inbox.queued"]').first.wait_for()
    shown = answer.inner_text()
    assert page.locator('.trace-entry[data-kind="answer"]').count() == 0, "still streaming"
    page.wait_for_function(
        "([el, n]) => el.textContent.length > n", arg=[answer.element_handle(), len(shown)]
    )
    grown = answer.inner_text()
    assert TEXT.startswith(grown) and len(grown) > len(shown)
    assert page.locator('.trace-entry[data-kind="answer"]').count() == 0, "grew by streaming"
    assert wait_finished(turn, timeout_ms=30_000) == "completed"
    assert answer.inner_text() == TEXT
