"""R-AUTH-1: reviewers read every trace; nothing in the viewer or the API lets them write."""

import json

import pytest

from agentweb.assistant.models import Run, RunEvent
from tests.traces.conftest import client_for

pytestmark = pytest.mark.django_db


def _snapshot():
    return list(Run.objects.values()), RunEvent.objects.count()


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
@pytest.mark.parametrize("page", ["/traces/", "/traces/runs/{run}/", "/traces/compare/"])
def test_the_viewer_answers_only_get(alice, rita, record_run, method, page):
    run = record_run(alice)
    client = client_for(rita)

    response = getattr(client, method)(page.format(run=run.pk))

    assert response.status_code == 405


def test_rita_cannot_cancel_undo_or_confirm_alices_run_through_the_api(alice, rita, record_run):
    run = record_run(alice, status="running")
    before = _snapshot()
    client = client_for(rita)

    codes = [
        client.post(f"/api/runs/{run.pk}/{action}", json.dumps(body), "application/json")
        for action, body in (
            ("cancel", {}),
            ("undo", {}),
            ("confirm", {"action_id": "r.w1", "decision": "approve"}),
        )
    ]

    assert [r.status_code for r in codes] == [404, 404, 404]
    assert _snapshot() == before


def test_rita_has_no_admin_rights(rita):
    response = client_for(rita).get("/admin/control/promptversion/")

    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]
