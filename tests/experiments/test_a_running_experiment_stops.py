"""A long experiment can be stopped: the run in flight ends (at once when this process drives
it, else at its heartbeat), no further question starts, and what ran is kept."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from agentweb.assistant.models import Run
from agentweb.traces import experiment_driver, experiment_results, experiments
from agentweb.traces.models import ExperimentRun, ExperimentStatus
from tests.fakes.model_server import Reply
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)

ITEMS = [{"question": "how do I get iron ingots?"}, {"question": "how do I craft a torch?"}]


def _candidate():
    return {"model": {"base_url": "http://127.0.0.1:9/v1", "model": "never-reached"}}


async def _held_experiment(admin, server):
    server.push(route("system:chat"), Reply(json.dumps(answer("Smelt raw iron.")), hold_after=1))
    experiment = await database_sync_to_async(experiments.create)(
        "long", "model", _candidate(), admin, items=ITEMS
    )
    task = experiment_driver.start(experiment.pk)
    assert await server.holding(), "the first run's answer is on its way"
    return experiment, task


def _state(experiment_id):
    experiment = experiments.experiment_by_id(experiment_id)
    runs = list(
        Run.objects.filter(experiment_run__experiment=experiment).values_list(
            "status", "stop_reason"
        )
    )
    unrun = ExperimentRun.objects.filter(experiment=experiment, run__isnull=True).count()
    return experiment, runs, unrun


async def test_the_stop_button_ends_the_run_in_flight_and_starts_no_other(admin, server):
    experiment, task = await _held_experiment(admin, server)
    client = AsyncClient()
    await client.aforce_login(admin)

    response = await client.post(f"/traces/experiments/{experiment.pk}/stop")
    await asyncio.wait_for(task, 10)

    assert response.status_code == 302
    stopped, runs, unrun = await database_sync_to_async(_state)(experiment.pk)
    assert stopped.status == ExperimentStatus.STOPPED and stopped.finished_at is not None
    assert [(status, stop["code"]) for status, stop in runs] == [("cancelled", "cancelled")]
    assert unrun == 3, "the candidate's run of question 1 and both of question 2 never started"
    assert await server.client_closed(1), "the model call in flight was abandoned"
    rows = await database_sync_to_async(experiment_results.rows_of)(stopped)
    assert rows[0].baseline["status"] == "cancelled" and rows[0].candidate is None
    again = await client.post(f"/traces/experiments/{experiment.pk}/stop", follow=True)
    assert "The experiment had already ended." in again.content.decode()
    server.release()


async def test_a_stop_asked_in_another_process_reaches_the_run_at_its_heartbeat(
    admin, server, settings
):
    settings.AGENTWEB_RUN_LEASE_S = 0.6  # a heartbeat every 0.2 s
    experiment, task = await _held_experiment(admin, server)

    # Another process: the status and the run's flag, no word to this process's driver.
    await database_sync_to_async(experiments.request_stop)(experiment)
    await asyncio.wait_for(task, 10)

    stopped, runs, unrun = await database_sync_to_async(_state)(experiment.pk)
    assert stopped.status == ExperimentStatus.STOPPED
    assert [status for status, _ in runs] == ["cancelled"] and unrun == 3
    server.release()


@pytest.mark.django_db
def test_a_queued_experiment_stops_before_it_starts(admin):
    experiment = experiments.create("queued", "model", _candidate(), admin, items=ITEMS)

    assert experiments.request_stop(experiment) is True

    experiment.refresh_from_db()
    assert experiment.status == ExperimentStatus.STOPPED
    assert not Run.objects.exists()
