"""Reviewers see the players' feedback: filter the list by it (``?feedback=down&since=…``: every
👎 of the week), count it, and read the rating and comment on the run's page."""

import datetime as dt

import pytest

from agentweb.assistant.models import Feedback, Run
from tests.traces.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(alice, bob, record_run):
    down = record_run(alice, question="how do I make andesite alloy")
    up = record_run(bob, question="how do I craft a torch")
    unrated = record_run(alice, question="hello")
    old_down = record_run(alice, question="an old question")
    Run.objects.filter(pk=old_down.pk).update(created_at=dt.datetime(2025, 1, 10, tzinfo=dt.UTC))
    Feedback.objects.create(run=down, rating=-1, comment="It gave Andesite Wall's recipe.")
    Feedback.objects.create(run=up, rating=1)
    Feedback.objects.create(run=old_down, rating=-1)
    return {"down": down.pk, "up": up.pk, "unrated": unrated.pk, "old_down": old_down.pk}


def _listed(rita, query):
    response = client_for(rita).get(f"/traces/?{query}")
    assert response.status_code == 200
    return response, [row.run.pk for row in response.context["page"].rows]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("feedback=down", ["old_down", "down"]),
        ("feedback=up", ["up"]),
        ("feedback=any", ["old_down", "up", "down"]),
        ("feedback=none", ["unrated"]),
        ("feedback=down&since=2025-06-01", ["down"]),
    ],
)
def test_the_list_filters_by_feedback(rita, rated, query, expected):
    _, listed = _listed(rita, query)

    assert listed == sorted((rated[name] for name in expected), reverse=True)


def test_the_queryset_method_is_the_filter(rated):
    assert set(Run.objects.rated("down").values_list("pk", flat=True)) == {
        rated["down"],
        rated["old_down"],
    }
    with pytest.raises(ValueError):
        Run.objects.rated("sideways")


def test_an_unknown_feedback_value_is_an_error_on_the_form(rita, rated):
    response, listed = _listed(rita, "feedback=sideways")

    assert "feedback" in response.context["form"].errors
    assert len(listed) == 4, "an invalid form filters nothing out"


def test_the_list_counts_the_feedback_of_the_runs_it_matches(rita, rated):
    everything, _ = _listed(rita, "")
    alices, _ = _listed(rita, "player=alice")

    assert (everything.context["feedback"].up, everything.context["feedback"].down) == (1, 2)
    assert (alices.context["feedback"].up, alices.context["feedback"].down) == (0, 2)
    html = everything.content.decode()
    assert "1 helpful, 2 not helpful" in html
    assert html.count('class="tv-rating tv-rating-down"') == 2


def test_the_run_page_shows_the_rating_and_the_comment(rita, rated):
    html = client_for(rita).get(f"/traces/runs/{rated['down']}/").content.decode()
    unrated = client_for(rita).get(f"/traces/runs/{rated['unrated']}/").content.decode()

    assert "It gave Andesite Wall&#x27;s recipe." in html
    assert "👎 not helpful" in html
    assert "The player has not rated this answer." in unrated
