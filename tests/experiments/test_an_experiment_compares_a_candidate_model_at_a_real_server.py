"""An admin compares another model endpoint with the one in force, from the experiments page:
both are real chat-completions servers on 127.0.0.1, each question runs under each, and
the page shows the two answers, their facts and their totals side by side."""

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from agentweb.traces import experiment_driver
from agentweb.traces.models import Dataset, DatasetItem, Experiment, ExperimentStatus
from tests.experiments.conftest import client_for
from tests.fakes.model_server import FakeModelServer
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


def _dataset() -> Dataset:
    dataset = Dataset.objects.create(name="iron")
    DatasetItem.objects.create(
        dataset=dataset, question="how do I get iron ingots?", language="en",
        expected=["raw iron", "furnace"],
    )  # fmt: skip
    return dataset


async def test_each_question_runs_at_both_endpoints_and_the_page_sets_them_side_by_side(
    admin, server
):
    dataset = await database_sync_to_async(_dataset)()
    server.push(route("system:chat"), answer("Smelt raw iron in a furnace."))
    with FakeModelServer() as other:
        other.push(route("system:chat"), answer("Mine it."))
        client = AsyncClient()
        await client.aforce_login(admin)

        response = await client.post(
            "/traces/experiments/new",
            {"dataset": str(dataset.pk), "kind": "model", "base_url": other.url, "model": "m2"},
        )
        await experiment_driver.wait_all()

    experiment = await Experiment.objects.aget()
    assert response.status_code == 302
    assert response["Location"] == f"/traces/experiments/{experiment.pk}/"
    assert experiment.status == ExperimentStatus.FINISHED
    assert (server.calls, other.calls) == (2, 2), "router and answer at each endpoint"
    assert other.requests[0]["model"] == "m2"
    page = (await client.get(response["Location"])).content.decode()
    assert "Smelt raw iron in a furnace." in page and "Mine it." in page
    assert 'data-found="2"' in page and 'data-found="0"' in page
    assert "2/2" in page and "0/2" in page, "facts found of those expected, per arm"
    assert "1 question(s) ended differently" in page
    assert 'id="publish"' not in page, "a model endpoint is not published from here"
    assert 'id="discard"' in page


def test_the_new_experiment_form_offers_the_datasets_and_the_policy_in_force(admin):
    Dataset.objects.create(name="thumbs down")

    page = client_for(admin).get("/traces/experiments/").content.decode()

    assert "thumbs down" in page and 'id="experiment-form"' in page
    assert "&quot;reactIterations&quot;: 3" in page, "the reasoning policy in force, to edit"


@pytest.mark.parametrize(
    ("form", "says"),
    [
        ({"kind": "model", "base_url": "ftp://x", "model": "m"}, "base_url"),
        ({"kind": "model", "base_url": "http://127.0.0.1:1/v1", "model": ""}, "model"),
        ({"kind": "policy", "policy": "{not json"}, "not JSON"),
        ({"kind": "policy", "policy": '{"reactIterations": 1}'}, "modelCalls"),
        ({"kind": "prompts", "prompt": "nonsense", "prompt_text": "x"}, "Unknown prompt"),
        ({"kind": "prompts", "prompt": "react", "prompt_text": "  "}, "empty"),
        ({"kind": "guess"}, "kind"),
    ],
)
def test_a_bad_candidate_is_refused_and_nothing_is_made(admin, form, says):
    dataset = _dataset()

    response = client_for(admin).post(
        "/traces/experiments/new", {"dataset": str(dataset.pk), **form}
    )

    assert response.status_code == 400
    assert says in response.content.decode()
    assert not Experiment.objects.exists()


def test_an_empty_or_unknown_dataset_is_refused(admin):
    empty = Dataset.objects.create(name="empty")
    client = client_for(admin)
    form = {"kind": "model", "base_url": "http://127.0.0.1:1/v1", "model": "m"}

    assert (
        client.post("/traces/experiments/new", {"dataset": str(empty.pk), **form}).status_code
        == 400
    )
    assert client.post("/traces/experiments/new", {"dataset": "999", **form}).status_code == 404
    assert not Experiment.objects.exists()


@pytest.mark.parametrize("who", ["rita", "alice"])
def test_only_admins_run_experiments(request, who):
    user = request.getfixturevalue(who)
    dataset = _dataset()
    form = {"dataset": str(dataset.pk), "kind": "model", "base_url": "http://x/v1", "model": "m"}
    client = client_for(user)

    assert client.get("/traces/experiments/").status_code == 403
    assert client.post("/traces/experiments/new", form).status_code == 403
    assert not Experiment.objects.exists()
