"""GET /api/runs/<id>/export: the player's own runs, a reviewer's any; others look unknown."""

import pytest
from django.test import Client

from agentweb.assistant.api.auth import new_token
from tests.traces.conftest import client_for

pytestmark = pytest.mark.django_db


def test_a_player_exports_his_own_run_with_a_token(alice, record_run):
    run = record_run(alice)
    key = new_token(alice, "bug reports")[1]

    response = Client().get(f"/api/runs/{run.pk}/export", HTTP_AUTHORIZATION=f"Bearer {key}")

    assert response.status_code == 200
    assert response.json()["format"] == "agentweb.trace/v1"
    assert len(response.json()["events"]) == 13


def test_another_players_run_answers_like_an_unknown_one(alice, bob, record_run):
    run = record_run(alice)

    theirs = client_for(bob).get(f"/api/runs/{run.pk}/export")
    unknown = client_for(bob).get("/api/runs/999999/export")

    assert theirs.status_code == unknown.status_code == 404
    assert theirs.json()["error"]["code"] == "unknown_run"
    assert theirs.json()["error"]["message"] == f"There is no run {run.pk}."


def test_rita_exports_any_run_also_as_spans(alice, rita, record_run):
    run = record_run(alice)
    client = client_for(rita)

    document = client.get(f"/api/runs/{run.pk}/export").json()
    spans = client.get(f"/api/runs/{run.pk}/export?format=otel").json()

    assert document["run"]["id"] == run.pk
    assert spans["resourceSpans"][0]["scopeSpans"][0]["spans"][0]["name"] == f"run {run.pk}"


def test_an_unknown_view_is_a_clear_error(alice, record_run):
    run = record_run(alice)

    response = client_for(alice).get(f"/api/runs/{run.pk}/export?format=xml")

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_field"


def test_without_a_login_or_token_the_export_is_refused(alice, record_run):
    run = record_run(alice)

    assert Client().get(f"/api/runs/{run.pk}/export").status_code == 401
