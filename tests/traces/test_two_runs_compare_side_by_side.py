"""R-UI-2 compare: two runs' step sequences aligned, their settings diffed."""

import pytest

from tests.traces.conftest import REACT_EVENTS, client_for

pytestmark = pytest.mark.django_db

# The same question answered without the tool call: a prompt change skipped a step.
DIRECT_EVENTS = [e for e in REACT_EVENTS if e[0] not in ("tool.started", "tool.finished")]


def _compare(rita, query):
    response = client_for(rita).get(f"/traces/compare/?{query}")
    assert response.status_code == 200
    return response.context


def _signature(step):
    return step.signature if step else None


def test_equal_steps_share_a_row_and_a_missing_step_leaves_a_gap(alice, rita, record_run):
    before = record_run(alice)
    after = record_run(alice, events=DIRECT_EVENTS)

    rows = _compare(rita, f"a={before.pk}&b={after.pk}")["rows"]

    pairs = [(row.op, _signature(row.left), _signature(row.right)) for row in rows]
    assert ("delete", "tool:item.source", None) in pairs
    assert pairs[0] == ("equal", "model:route", "model:route")
    assert pairs[-1] == ("equal", "answer", "answer")
    assert all(op == "equal" for op, _, right in pairs if right is not None)


def test_the_same_step_done_differently_is_not_marked_equal(alice, rita, record_run):
    other_input = [
        (kind, ms, {**data, "input": {"item": "lantern"}} if kind.startswith("tool.") else data)
        for kind, ms, data in REACT_EVENTS
    ]
    other_answer = [
        (kind, ms, {**data, "text": "Glowstone."} if kind == "answer" else data)
        for kind, ms, data in REACT_EVENTS
    ]
    before = record_run(alice)
    lantern = record_run(alice, events=other_input)
    glowstone = record_run(alice, events=other_answer)

    with_lantern = _compare(rita, f"a={before.pk}&b={lantern.pk}")["rows"]
    with_glowstone = _compare(rita, f"a={before.pk}&b={glowstone.pk}")["rows"]
    alike = _compare(rita, f"a={before.pk}&b={before.pk}")["rows"]

    ops = {_signature(row.left): row.op for row in with_lantern}
    assert ops["tool:item.source"] == "changed"
    assert ops["model:route"] == "equal"
    assert {_signature(row.left): row.op for row in with_glowstone}["answer"] == "changed"
    assert {row.op for row in alike} == {"equal"}
    html = client_for(rita).get(f"/traces/compare/?a={before.pk}&b={lantern.pk}").content
    assert b'data-op="changed"' in html and "≈".encode() in html


def test_policy_and_prompt_changes_are_listed(alice, rita, record_run):
    before = record_run(alice)
    after = record_run(
        alice,
        policy_snapshot={"modelCalls": 6, "toolCalls": 8, "reactIterations": 3},
        prompt_snapshot={"react": "A better react prompt.", "router": "Route it."},
    )

    context = _compare(rita, f"a={before.pk}&b={after.pk}")

    assert [(d.key, d.left, d.right) for d in context["policy"]] == [("modelCalls", 4, 6)]
    assert context["prompts"] == ["react"]


def test_two_checked_rows_of_the_list_open_the_comparison(alice, rita, record_run):
    a, b = record_run(alice), record_run(alice)

    html = client_for(rita).get(f"/traces/compare/?run={a.pk}&run={b.pk}").content.decode()

    assert f'Run <a href="/traces/runs/{a.pk}/">#{a.pk}</a> vs. run' in html
    assert 'id="steps"' in html


def test_without_two_runs_it_explains_what_to_pick(rita):
    response = client_for(rita).get("/traces/compare/?run=1")

    assert response.status_code == 400
    assert b"Pick two runs" in response.content
