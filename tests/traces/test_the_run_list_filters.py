"""R-UI-2: rita finds any run by player, workflow, status, stop reason, failure, date and text."""

import datetime as dt

import pytest

from agentweb.assistant.models import Run
from tests.traces.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def runs(alice, bob, record_run):
    """Four runs that differ in one filter each from the first."""
    torch = record_run(alice)
    chat = record_run(bob, question="hello there", answer="Hi!", workflow="system:chat")
    failed = record_run(
        alice,
        question="buy a sword",
        workflow="system:free_chat",
        status="failed",
        stop_reason={"code": "terminated", "message": "no"},
        failure="permission_denied",
        answer="Sorry.",
    )
    old = record_run(alice, question="an old question about beacons", answer="Glass.")
    Run.objects.filter(pk=old.pk).update(created_at=dt.datetime(2025, 1, 10, 9, 0, tzinfo=dt.UTC))
    return {"torch": torch.pk, "chat": chat.pk, "failed": failed.pk, "old": old.pk}


def _listed(rita, query: str) -> list[int]:
    response = client_for(rita).get(f"/traces/?{query}")
    assert response.status_code == 200
    return [row.run.pk for row in response.context["page"].rows]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("", ["old", "failed", "chat", "torch"]),
        ("player=BOB", ["chat"]),
        ("player=nobody", []),
        ("workflow=system:chat", ["chat"]),
        ("status=failed", ["failed"]),
        ("stop=terminated", ["failed"]),
        ("stop=answered", ["old", "chat", "torch"]),
        ("failure=permission_denied", ["failed"]),
        ("until=2025-01-10", ["old"]),
        ("since=2025-01-11", ["failed", "chat", "torch"]),
        ("q=beacon", ["old"]),
        ("q=hi!", ["chat"]),
        ("player=alice&status=completed", ["old", "torch"]),
    ],
)
def test_each_filter_narrows_the_list(rita, runs, query, expected):
    assert _listed(rita, query) == [runs[name] for name in expected]


def test_an_invalid_filter_is_reported_and_filters_nothing_out(rita, runs):
    response = client_for(rita).get("/traces/?status=exploded&since=2026-02-01&until=2026-01-01")

    assert response.status_code == 200
    assert response.context["form"].errors
    assert len(response.context["page"].rows) == 4


def test_the_list_shows_the_columns_of_each_run(rita, runs):
    html = client_for(rita).get("/traces/?player=alice&workflow=system:reasoning").content.decode()

    row = html[html.index(f'data-run="{runs["torch"]}"') :]
    row = row[: row.index("</tr>")]
    cells = ("alice", "system:reasoning", "completed", "answered", "2/3", ">3<", ">1<", ">307<")
    for cell in cells:
        assert cell in row
    assert "410 ms" in row, "duration from started_at to finished_at"
