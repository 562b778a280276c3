"""R-UI-2: the detail page shows the question, routing, each step's exact I/O, budgets, answer."""

import pytest
from django.utils.html import escape

from agentweb.control.models import PromptVersion
from tests.traces.conftest import FAILING_EVENTS, client_for

pytestmark = pytest.mark.django_db


def _page(user, run):
    response = client_for(user).get(f"/traces/runs/{run.pk}/")
    assert response.status_code == 200
    return response.content.decode(), response.context["d"]


def test_the_exact_model_request_reply_and_decision_are_shown(alice, rita, record_run):
    run = record_run(alice)

    html, _ = _page(rita, run)

    assert "how do I craft a torch" in html
    assert "Routed to <strong>system:reasoning</strong> by router" in html
    assert "You are the react prompt." in html, "the system prompt snapshot by its key"
    assert escape('"round": 1') in html, "the user JSON, pretty-printed"
    assert escape('{"type":"item.source","input":{"item":"torch"}}') in html, "the raw reply"
    assert "Parsed decision: <strong>item.source</strong>" in html


def test_tool_input_observation_and_output_are_shown(alice, rita, record_run):
    run = record_run(alice)

    html, detail = _page(rita, run)

    tool = next(s for s in detail.timeline.steps if s.span == "tool")
    assert tool.data["module"] == "game.items"
    assert 'data-pane="input"' in html and escape('"item": "torch"') in html
    assert 'data-pane="observation"' in html and escape('"found": true') in html
    assert 'data-pane="output"' in html and escape('"item": "Torch"') in html


def test_each_step_has_its_start_and_duration(alice, rita, record_run):
    run = record_run(alice)

    html, _ = _page(rita, run)

    router = html[html.index('id="step-2"') :]
    assert "+0.0 ms" in router[:600] and "40 ms" in router[:600]
    tool = html[html.index('id="step-7"') :]
    assert "+160 ms" in tool[:600] and "70 ms" in tool[:600]
    assert "latency 60 ms" in tool[:3000], "the tool's own measure beside the wall clock"


def test_budget_use_is_a_bar_per_budget_against_the_limits(alice, rita, record_run):
    run = record_run(alice)

    _, detail = _page(rita, run)

    bars = {bar.key: bar for bar in detail.bars}
    assert (bars["rounds"].used, bars["rounds"].limit) == (2, 3)
    assert (bars["model_calls"].used, bars["model_calls"].limit) == (3, 4)
    assert bars["model_calls"].percent == 75.0
    assert (bars["time"].used, bars["time"].limit) == (410, 60000)


def test_prompts_link_to_the_admin_version_with_the_same_text(alice, rita, record_run):
    PromptVersion.objects.create(name="react", text="An older react prompt.")
    version = PromptVersion.objects.create(name="react", text="You are the react prompt.")
    PromptVersion.objects.create(name="react", text="A newer react prompt.")
    run = record_run(alice)

    html, detail = _page(rita, run)

    prompts = {p.key: p for p in detail.prompts}
    assert prompts["react"].version_id == version.pk
    assert f'href="/admin/control/promptversion/{version.pk}/change/"' in html
    assert prompts["router"].admin_url is None
    assert "from prompts/router.txt" in html


def test_failures_and_degradation_are_listed_and_marked(alice, rita, record_run):
    run = record_run(
        alice,
        events=FAILING_EVENTS,
        status="failed",
        failure="model_error",
        stop_reason={"code": "failed", "message": "down"},
        answer="Sorry",
    )

    html, detail = _page(rita, run)

    assert [s.kind for s in detail.problems] == ["failure", "degraded"]
    assert 'id="problems"' in html
    assert "The reply is not JSON" in html and "(recoverable)" in html
    assert "no answer: the player got what was found" in html
    assert html.count("tv-failed") >= 2


def test_the_final_answer_shows_its_sources_and_cards(alice, rita, record_run):
    run = record_run(
        alice,
        sources=[{"n": 1, "title": "Item: Torch", "url": "", "kind": "item", "snippet": "x"}],
        cards=[{"kind": "item", "title": "Torch", "item": {"item_id": "minecraft:torch"}}],
    )

    html, _ = _page(rita, run)

    answer = html[html.index('id="answer"') :]
    assert "Coal and a stick." in answer
    assert "Item: Torch" in answer
    assert escape('"item_id": "minecraft:torch"') in answer


def test_a_queued_run_without_events_renders_and_waits_for_live_updates(alice, rita, record_run):
    run = record_run(alice, events=[], status="queued", usage={}, answer="", finished_at=None)

    html, detail = _page(rita, run)

    assert detail.timeline.rounds == [] and detail.last_seq == 0
    assert "This run is still going" in html
    assert '"active": true' in html and '"after_seq": 0' in html
    assert "No answer yet." in html
