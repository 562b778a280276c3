"""From the run list, every run its filters match goes into a dataset at once — every 👎 of
the week, every failed run — with the players' comments as notes."""

import datetime as dt

import pytest
from django.utils import timezone

from agentweb.assistant.models import Feedback, Rating, Run
from agentweb.traces.models import DatasetItem
from tests.experiments.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def week(alice, bob):
    now = timezone.now()

    def run(user, question, status="completed", rating=None, comment="", days_ago=0):
        made = Run.objects.create(user=user, question=question, status=status)
        Run.objects.filter(pk=made.pk).update(created_at=now - dt.timedelta(days=days_ago))
        if rating is not None:
            Feedback.objects.create(run=made, rating=rating, comment=comment)
        return made

    return {
        "down1": run(alice, "how do I get iron?", rating=Rating.DOWN, comment="wrong ore"),
        "down2": run(bob, "铁锭怎么获得？", rating=Rating.DOWN, days_ago=2),
        "up": run(alice, "how do I craft a torch?", rating=Rating.UP),
        "old_down": run(bob, "what is a shaft?", rating=Rating.DOWN, days_ago=30),
        "failed": run(bob, "buy a sword", status="failed"),
    }


def test_every_thumbs_down_of_the_week_goes_in_with_its_comment(rita, week):
    since = (timezone.now() - dt.timedelta(days=7)).date().isoformat()
    page = client_for(rita).get(f"/traces/?feedback=down&since={since}").content.decode()
    assert 'id="add-runs"' in page and 'name="feedback" value="down"' in page

    response = client_for(rita).post(
        "/traces/datasets/add-runs", {"dataset": "week", "feedback": "down", "since": since},
        follow=True,
    )  # fmt: skip

    assert "2 added to week; 0 already there." in response.content.decode()
    items = DatasetItem.objects.order_by("id")
    assert [(i.question, i.language, i.notes) for i in items] == [
        ("how do I get iron?", "en", "wrong ore"),
        ("铁锭怎么获得？", "zh", ""),
    ], "oldest first"
    assert [i.source_run for i in items] == [week["down1"], week["down2"]]


def test_failed_runs_go_in_by_their_status(rita, week):
    client_for(rita).post("/traces/datasets/add-runs", {"dataset": "failures", "status": "failed"})

    assert list(DatasetItem.objects.values_list("question", flat=True)) == ["buy a sword"]


@pytest.mark.parametrize(
    ("form", "says"),
    [
        ({"dataset": "x", "since": "2026-05-02", "until": "2026-05-01"}, "start date is after"),
        ({"dataset": "x", "status": "exploded"}, "status"),
        ({"dataset": "x", "since": "yesterday"}, "since"),
        ({"dataset": "x", "player": "nobody-by-that-name"}, "No run matches"),
        ({"feedback": "down"}, "dataset"),
    ],
)
def test_bad_filters_or_no_match_add_nothing(rita, week, form, says):
    response = client_for(rita).post("/traces/datasets/add-runs", form)

    assert response.status_code == 400
    assert says in response.content.decode()
    assert not DatasetItem.objects.exists()


def test_a_player_cannot_collect_runs(alice, week):
    response = client_for(alice).post("/traces/datasets/add-runs", {"dataset": "x"})

    assert response.status_code == 403
    assert not DatasetItem.objects.exists()
