"""Experiment runs are nobody's: no player's quota, bill, memory or history changes, they
remember nothing between questions, they change nothing in the game (a write is declined,
a command is not run) — and the trace viewer marks them and filters by them."""

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.models import Exchange, PendingAction, Run
from agentweb.control.models import DailyUsage, UsageEntry
from agentweb.traces import experiment_driver, experiments
from agentweb.traces.models import ExperimentRun
from tests.experiments.conftest import client_for
from tests.replies import answer, route, tool

pytestmark = pytest.mark.django_db(transaction=True)

SIGN_IN = "sign me in please"
QUESTIONS = [
    {"question": SIGN_IN, "expected": ["not signed in"]},
    {"question": "/checkin"},
    {"question": "how do I get iron ingots?"},
]


def _alices_world(alice):
    run = Run.objects.create(user=alice, question="hi", status="completed", answer="hello")
    Exchange.objects.create(user=alice, run=run, generation=0, question="hi", answer="hello")
    return run


def _policy_candidate():
    from agentweb.engine.policy import MODULE_DEFAULTS, REASONING

    return {"policies": {REASONING: MODULE_DEFAULTS[REASONING].as_config()}}


async def test_nobody_s_counters_move_nothing_is_remembered_and_no_write_happens(
    alice, admin, server
):
    alices_run = await database_sync_to_async(_alices_world)(alice)
    for _ in range(2):  # baseline, then candidate: the write is asked for and declined
        server.push(route("system:free_chat"), tool("player.signin"), answer("OK, not signed in."))
    for _ in range(2):
        server.push(route("system:chat"), answer("Smelt raw iron."))
    experiment = await database_sync_to_async(experiments.create)(
        "isolation", "policy", _policy_candidate(), admin, items=QUESTIONS
    )

    await experiment_driver.drive(experiment.pk)

    def counts():
        return (
            DailyUsage.objects.count(),
            UsageEntry.objects.count(),
            Exchange.objects.count(),
            PendingAction.objects.count(),
            Run.objects.filter(user=alice).count(),
            Run.objects.filter(experiment_run__isnull=False).count(),
        )

    assert await database_sync_to_async(counts)() == (0, 0, 1, 0, 1, 6)
    runs = await database_sync_to_async(list)(
        Run.objects.filter(experiment_run__isnull=False).select_related("user").order_by("id")
    )
    assert {run.user.username for run in runs} == {experiments.ACCOUNT}
    assert [run.status for run in runs] == ["completed"] * 6
    assert runs[2].answer.startswith("Commands are not run in experiments"), "/checkin"
    declined = await database_sync_to_async(list)(
        runs[0].events.filter(kind="action.confirmed").values_list("data", flat=True)
    )
    assert [d["decision"] for d in declined] == ["reject"]
    assert server.calls == 3 + 3 + 2 + 2, "the command cost no model call"
    assert all(SIGN_IN not in str(p) for p in server.user_payloads()[6:]), "nothing remembered"
    account = await database_sync_to_async(experiments.account)()
    assert not account.is_active and not account.has_usable_password()
    assert alices_run.pk not in [run.pk for run in runs]


def _mixed(alice, admin):
    players = Run.objects.create(user=alice, question="a player's question", status="completed")
    experiment = experiments.create(
        "marks", "policy", _policy_candidate(), admin, items=[{"question": "an experiment's"}]
    )
    made = Run.objects.create(
        user=experiments.account(), question="an experiment's", status="completed"
    )
    ExperimentRun.objects.filter(experiment=experiment, arm="baseline").update(run=made)
    return players, made, experiment


@pytest.mark.django_db
def test_the_viewer_marks_experiment_runs_and_filters_by_them(alice, rita, admin):
    players, made, experiment = _mixed(alice, admin)
    client = client_for(rita)

    only = client.get("/traces/?experiment=only").context["page"].rows
    none = client.get("/traces/?experiment=none").context["page"].rows
    every = client.get("/traces/").context["page"].rows

    assert [row.run.pk for row in only] == [made.pk]
    assert "experiment" in only[0].flags
    assert [row.run.pk for row in none] == [players.pk]
    assert "experiment" not in none[0].flags
    assert len(every) == 2
    page = client.get(f"/traces/runs/{made.pk}/").content.decode()
    assert 'id="experiment-mark"' in page and f"experiment #{experiment.pk}" in page
    assert 'data-flag="experiment"' in page
    assert 'id="experiment-mark"' not in client.get(f"/traces/runs/{players.pk}/").content.decode()
