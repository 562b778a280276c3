"""R-SEC-1: model and tool text is escaped everywhere the viewer renders it."""

import pytest

from tests.traces.conftest import REACT_EVENTS, client_for

pytestmark = pytest.mark.django_db

PAYLOAD = '<script>window.pwned=1</script><img src=x onerror="window.pwned=2">'


def hostile_events():
    """The recorded run with the payload in every field a model or tool fills."""
    events = []
    for kind, ms, data in REACT_EVENTS:
        data = dict(data)
        for key in ("reply", "request", "message", "text", "workflow", "tool", "prompt"):
            if key in data:
                data[key] = PAYLOAD
        if kind == "tool.finished":
            data.update(
                observation={"note": PAYLOAD},
                output={PAYLOAD: PAYLOAD},
                card={"kind": PAYLOAD, "title": PAYLOAD},
            )
        if kind == "decision":
            data["input"] = {"item": PAYLOAD}
        events.append((kind, ms, data))
    return events


@pytest.fixture
def hostile_run(alice, record_run):
    return record_run(
        alice,
        events=hostile_events(),
        question=PAYLOAD,
        answer=PAYLOAD,
        workflow=PAYLOAD[:60],
        failure="tool_error",
        stop_reason={"code": "answered", "message": PAYLOAD},
        sources=[{"n": 1, "title": PAYLOAD, "url": "javascript:alert(1)", "snippet": PAYLOAD}],
        cards=[{"kind": PAYLOAD, "title": PAYLOAD}],
        prompt_snapshot={"react": PAYLOAD, PAYLOAD: PAYLOAD},
        policy_snapshot={"modelCalls": PAYLOAD},
    )


@pytest.mark.parametrize("page", ["/traces/", "/traces/runs/{a}/", "/traces/compare/?a={a}&b={a}"])
def test_no_payload_survives_unescaped(rita, hostile_run, page):
    html = client_for(rita).get(page.format(a=hostile_run.pk)).content.decode()

    assert "<script>window.pwned" not in html
    assert "<img src=x" not in html
    assert 'href="javascript:' not in html


def test_the_payload_is_shown_as_text(rita, hostile_run):
    html = client_for(rita).get(f"/traces/runs/{hostile_run.pk}/").content.decode()

    assert "&lt;script&gt;window.pwned=1&lt;/script&gt;" in html
