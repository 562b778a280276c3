"""From a run's page a reviewer (or an admin) adds its question to a dataset — a new one by
naming it — with the facts a good answer states and notes; players cannot."""

import pytest

from agentweb.assistant.models import Feedback, Rating, Run
from agentweb.traces.models import Dataset, DatasetItem
from tests.experiments.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def wrong_run(alice):
    run = Run.objects.create(
        user=alice, question="what does the quest Kenetic Foundation need?", status="degraded"
    )
    Feedback.objects.create(run=run, rating=Rating.DOWN, comment="it said not found")
    return run


def test_rita_adds_the_question_with_expected_facts_and_notes_to_a_new_dataset(rita, wrong_run):
    client = client_for(rita)
    page = client.get(f"/traces/runs/{wrong_run.pk}/").content.decode()
    assert 'id="add-to-dataset"' in page and "it said not found" in page, "the comment is offered"

    response = client.post(
        f"/traces/runs/{wrong_run.pk}/dataset",
        {"dataset": " quests  wrong ", "expected": "Andesite Alloy\n\n 16× Shaft \n", "notes": "n"},
        follow=True,
    )

    assert response.redirect_chain[-1][0] == f"/traces/runs/{wrong_run.pk}/"
    assert "1 added to quests wrong; 0 already there." in response.content.decode()
    item = DatasetItem.objects.get()
    assert item.dataset.name == "quests wrong" and item.dataset.created_by == rita
    assert item.question == wrong_run.question and item.language == "en"
    assert item.expected == ["Andesite Alloy", "16× Shaft"]
    assert item.notes == "n" and item.source_run == wrong_run and item.added_by == rita


def test_the_reviewer_may_say_the_question_s_language(rita, wrong_run):
    client_for(rita).post(
        f"/traces/runs/{wrong_run.pk}/dataset", {"dataset": "d", "language": "zh"}
    )

    assert DatasetItem.objects.get().language == "zh"


def test_an_admin_adds_to_an_existing_dataset_and_a_second_add_changes_nothing(admin, wrong_run):
    dataset = Dataset.objects.create(name="quests")
    client = client_for(admin)

    client.post(f"/traces/runs/{wrong_run.pk}/dataset", {"dataset": "quests"})
    again = client.post(f"/traces/runs/{wrong_run.pk}/dataset", {"dataset": "quests"}, follow=True)

    assert list(dataset.items.values_list("question", flat=True)) == [wrong_run.question]
    assert "0 added to quests; 1 already there." in again.content.decode()


@pytest.mark.parametrize("who", ["alice", "charlie"])
def test_players_and_people_without_a_role_are_refused(request, who, wrong_run):
    user = request.getfixturevalue(who)

    response = client_for(user).post(f"/traces/runs/{wrong_run.pk}/dataset", {"dataset": "mine"})

    assert response.status_code == 403
    assert not Dataset.objects.exists() and not DatasetItem.objects.exists()


def test_someone_logged_out_is_sent_to_log_in(client, wrong_run):
    response = client.post(f"/traces/runs/{wrong_run.pk}/dataset", {"dataset": "mine"})

    assert response.status_code == 302 and "/login" in response["Location"]
    assert not Dataset.objects.exists()


@pytest.mark.parametrize(
    ("form", "says"),
    [
        ({}, "dataset"),
        ({"dataset": ""}, "dataset"),
        ({"dataset": "   "}, "Name the dataset."),
        ({"dataset": "x" * 101}, "dataset"),
        ({"dataset": "ok", "notes": "a\x00b"}, "notes"),
        ({"dataset": "ok", "language": "Chinese"}, "language"),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(rita, wrong_run, form, says):
    response = client_for(rita).post(f"/traces/runs/{wrong_run.pk}/dataset", form)

    assert response.status_code == 400
    assert says in response.content.decode()
    assert not Dataset.objects.exists() and not DatasetItem.objects.exists()


def test_an_unknown_run_is_not_found(rita):
    response = client_for(rita).post("/traces/runs/999/dataset", {"dataset": "x"})

    assert response.status_code == 404
    assert not Dataset.objects.exists()
